/**
 * The public face of the api-key feature: what other features and route modules may use
 * (docs/architecture.md, "Web layout").
 */
export { useApiKeys } from "./api/api-keys";
