import type { TenantSummary } from "@nc/contracts/tenancy";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const listTenants = () => api<TenantSummary[]>("/api/tenant");
export const tenantsQuery = () => queryOptions({ queryKey: ["tenants"], queryFn: listTenants });
/** `enabled: false` holds the request back until a part of the page wants the list. */
export const useTenants = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...tenantsQuery(), ...options });

export const createTenant = (body: { name: string; timezoneCode: string }) =>
  api<{ id: string }>("/api/tenant", { method: "POST", body });
export const useCreateTenant = () => useMutation({ mutationFn: createTenant });
