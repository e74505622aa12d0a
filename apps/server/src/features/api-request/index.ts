/**
 * The public face of the api-request feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { apiRequestService } from "./api-request-service";
