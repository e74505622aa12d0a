import type { ApiKeyView } from "@nc/contracts/api-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { apiKeyKeys } from "./keys";

/** GET /api/tenant/apikey: every key of the organisation, newest first, never a secret. */
export const listApiKeys = () => api<ApiKeyView[]>("/api/tenant/apikey");

export const apiKeysQuery = (tenantId: string) =>
  queryOptions({ queryKey: apiKeyKeys.all(tenantId), queryFn: listApiKeys });

/** `enabled` false for a reader who may not list keys (the request log's key filter then asks nothing). */
export const useApiKeys = (tenantId: string, enabled = true) =>
  useQuery({ ...apiKeysQuery(tenantId), enabled });
