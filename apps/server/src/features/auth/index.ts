/**
 * The public face of the auth feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { assertStrongPassword, authService } from "./auth-service";
export { rememberDevice } from "./known-devices";
export { hashPassword, verifyPassword } from "./passwords";
export { sendSecurityAlert } from "./security-alert";
export { startSession } from "./sign-in-cookies";
export type { UserRow } from "./user-repo";
export { forgetRememberedBrowsers } from "./user-repo";
