import type { TenantSummary } from "@nc/contracts/tenancy";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const listTenants = () => api<TenantSummary[]>("/api/tenant");
export const tenantsQuery = () => queryOptions({ queryKey: ["tenants"], queryFn: listTenants });
export const useTenants = () => useQuery(tenantsQuery());

export const createTenant = (body: { name: string; timezoneCode: string }) =>
  api<{ id: string }>("/api/tenant", { method: "POST", body });
export const useCreateTenant = () => useMutation({ mutationFn: createTenant });
