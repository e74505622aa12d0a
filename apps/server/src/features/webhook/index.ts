/**
 * The public face of the webhook feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { forbiddenTarget, hostOf, isForbiddenAddress, type Resolve, systemResolve } from "./target-guard";
export { enqueueJobEvent, enqueueWebhookEvent } from "./webhook-events";
export { guardedLookup } from "./webhook-transport";
