import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export interface ServiceType {
  code: string;
  id: number;
  name: string;
  description: string;
}

export const getServiceTypes = () => api<ServiceType[]>("/api/tenant/pub/service_tp");
export const serviceTypesQuery = (locale: string) =>
  queryOptions({ queryKey: ["service_tp", locale], queryFn: getServiceTypes, staleTime: 10 * 60_000 });
export const useServiceTypes = (locale: string) => useQuery(serviceTypesQuery(locale));
