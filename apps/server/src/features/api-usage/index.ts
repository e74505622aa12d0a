/**
 * The public face of the api-usage feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { apiUsageService } from "./api-usage-service";
