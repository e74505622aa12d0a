import type { OperatorView } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/operator/operators: everyone who may open the console, within the caller's reach. */
export const listOperators = () => api<OperatorView[]>("/api/operator/operators");

export const operatorsQuery = () =>
  queryOptions({ queryKey: ["operator", "operators"], queryFn: listOperators });

export const useOperators = () => useQuery(operatorsQuery());
