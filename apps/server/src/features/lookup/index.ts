/**
 * The public face of the lookup feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { createLookups } from "./lookup-provider";
