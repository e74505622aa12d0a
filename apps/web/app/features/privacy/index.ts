// What other features may use of privacy (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { PurgeDate } from "./components/purge-date";
export { RestoreTenantButton } from "./components/restore-tenant-button";
export { TenantPrivacySection } from "./components/tenant-privacy-section";
