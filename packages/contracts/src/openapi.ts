/** Where the public API's OpenAPI document is served, and the name it gives the API key's scheme. */
export const OPENAPI_PATH = "/api/openapi.json";
export const API_KEY_SECURITY_SCHEME = "ApiKey";
