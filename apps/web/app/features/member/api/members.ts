import type { Member } from "@nc/contracts/members";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

export const listMembers = () => api<Member[]>("/api/tenant/tenant_user");
export const membersQuery = (tenantId: string) =>
  queryOptions({ queryKey: memberKeys.all(tenantId), queryFn: listMembers });
export const useMembers = (tenantId: string) => useQuery(membersQuery(tenantId));
