import type { ApiKeyScope } from "@nc/contracts/api-keys";

/**
 * The catalog key of a scope: i18next reads ":" as the namespace separator, so "jobs:write" is
 * stored as "jobs_write".
 */
export const scopeKey = (scope: ApiKeyScope) => scope.replace(":", "_");
