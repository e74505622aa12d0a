/**
 * The public face of the member feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { memberRepo } from "./member-repo";
