/**
 * The public face of the api-key feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { keyHint } from "./api-key-format";
export { apiKeyRepo } from "./api-key-repo";
export type { ApiKeyService, KeyIdentity } from "./api-key-service";
export { apiKeyService } from "./api-key-service";
