import type { Member } from "@nc/contracts/members";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

export const getMember = (userId: string) =>
  api<Member>(`/api/tenant/tenant_user/s/${encodeURIComponent(userId)}`);
export const memberQuery = (tenantId: string, userId: string) =>
  queryOptions({ queryKey: memberKeys.one(tenantId, userId), queryFn: () => getMember(userId) });
export const useMember = (tenantId: string, userId: string) => useQuery(memberQuery(tenantId, userId));
