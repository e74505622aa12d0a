import type { PermissionCatalogView } from "@nc/contracts/permission-catalog";
import type { RoleDetail } from "@nc/contracts/tenancy";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const listRoles = () => api<RoleDetail[]>("/api/tenant/role");
export const rolesQuery = (tenantId: string) =>
  queryOptions({ queryKey: ["roles", tenantId], queryFn: listRoles });
export const useRoles = (tenantId: string) => useQuery(rolesQuery(tenantId));

export const getRole = (id: string) => api<RoleDetail>(`/api/tenant/role/s/${encodeURIComponent(id)}`);
/** One role; nothing is asked without an id (role/add has none). */
export const useRole = (tenantId: string, id: string) =>
  useQuery(
    queryOptions({ queryKey: ["roles", tenantId, id], queryFn: () => getRole(id), enabled: Boolean(id) }),
  );

/** The permissions this organisation's roles may hold (partner-only ones only in the staff one). */
export const getPermissionCatalog = () => api<PermissionCatalogView>("/api/tenant/permission/catalog");
export const usePermissionCatalog = (tenantId: string) =>
  useQuery(
    queryOptions({
      queryKey: ["permission-catalog", tenantId],
      queryFn: getPermissionCatalog,
      enabled: Boolean(tenantId),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );

export interface RoleInput {
  name: string;
  permissions: string[];
}

/** Create (no id) or update (id) a custom role; either way the role lists refresh. */
export function useSaveRole(tenantId: string, id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleInput) =>
      api<RoleDetail>(id ? `/api/tenant/role/s/${encodeURIComponent(id)}` : "/api/tenant/role", {
        method: "POST",
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["roles", tenantId] }),
  });
}

export function useDeleteRole(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deleted: boolean }>(`/api/tenant/role/s/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["roles", tenantId] }),
  });
}
