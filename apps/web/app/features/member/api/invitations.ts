import type { Invitation } from "@nc/contracts/members";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { memberKeys } from "./keys";

/** Pending invitations: not accepted, rejected, cancelled or expired. */
export const listInvitations = () => api<Invitation[]>("/api/tenant/invite");
export const invitationsQuery = (tenantId: string) =>
  queryOptions({ queryKey: memberKeys.invitations(tenantId), queryFn: listInvitations });
export const useInvitations = (tenantId: string) => useQuery(invitationsQuery(tenantId));
