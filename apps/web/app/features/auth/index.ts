// What other features may use of auth (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export type { CodeSent } from "./api/send-code";
export { AuthFooter } from "./components/auth-page-parts";
export { EmailCodeField } from "./components/email-code-field";
