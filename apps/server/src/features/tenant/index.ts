/**
 * The public face of the tenant feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { activeTenantFor } from "./active-tenant";
