import type { AssignableRole } from "@nc/contracts/members";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

/** The roles a member can be given (needs tenant_user:create or :update, not role:read). */
export const listMemberRoles = () => api<AssignableRole[]>("/api/tenant/tenant_user/roles");
export const memberRolesQuery = (tenantId: string) =>
  queryOptions({ queryKey: memberKeys.roles(tenantId), queryFn: listMemberRoles });
export const useMemberRoles = (tenantId: string, enabled = true) =>
  useQuery({ ...memberRolesQuery(tenantId), enabled });
