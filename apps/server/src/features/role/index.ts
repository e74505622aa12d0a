/**
 * The public face of the role feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { assertMayGrant, assertNotOwnRole } from "./grant-rules";
