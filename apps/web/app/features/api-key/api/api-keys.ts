import type { ApiKeyView } from "@nc/contracts/api-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { apiKeyKeys } from "./keys";

/** GET /api/tenant/apikey: every key of the organisation, newest first, never a secret. */
export const listApiKeys = () => api<ApiKeyView[]>("/api/tenant/apikey");

export const apiKeysQuery = (tenantId: string) =>
  queryOptions({ queryKey: apiKeyKeys.all(tenantId), queryFn: listApiKeys });

export const useApiKeys = (tenantId: string) => useQuery(apiKeysQuery(tenantId));
