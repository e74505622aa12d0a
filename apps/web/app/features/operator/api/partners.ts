import type { OperatorPartnerView } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/operator/partners: the partner sites within the operator's reach. */
export const listPartners = () => api<OperatorPartnerView[]>("/api/operator/partners");

export const partnersQuery = () =>
  queryOptions({ queryKey: ["operator", "partners"], queryFn: listPartners });

export const usePartners = (enabled = true) => useQuery({ ...partnersQuery(), enabled });
