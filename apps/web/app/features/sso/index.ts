// What other features may use of sso (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { SsoSettingsSection } from "./components/sso-settings-section";
