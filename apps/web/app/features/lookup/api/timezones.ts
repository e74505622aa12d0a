import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export interface TimezoneEntry {
  code: string;
  offset: string;
  offsetMinutes: number;
}

export const getTimezones = () => api<TimezoneEntry[]>("/api/tenant/pub/timezone");
export const timezonesQuery = () =>
  queryOptions({ queryKey: ["timezones"], queryFn: getTimezones, staleTime: 60 * 60_000 });
export const useTimezones = () => useQuery(timezonesQuery());
