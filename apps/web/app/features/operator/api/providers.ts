import type { OperatorProvidersView } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/operator/providers: the look-up providers' last hour, routing settings and margins. */
export const getProviders = () => api<OperatorProvidersView>("/api/operator/providers");

export const providersQuery = () =>
  queryOptions({ queryKey: ["operator", "providers"], queryFn: getProviders });

export const useProviders = () => useQuery(providersQuery());
