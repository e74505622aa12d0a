/**
 * The public face of the system feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */

export { sealSecret, unsealSecret } from "./sealed-secret";
export { sharedSecret } from "./shared-secret";
