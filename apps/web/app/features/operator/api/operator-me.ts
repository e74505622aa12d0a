import type { OperatorMe } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/operator/me: the operator the console works for (403 for anyone who is not one). */
export const getOperatorMe = () => api<OperatorMe>("/api/operator/me");

export const operatorMeQuery = () =>
  queryOptions({ queryKey: ["operator", "me"], queryFn: getOperatorMe, retry: false, staleTime: 60_000 });

/**
 * `enabled: false` until asked: the dashboard's user menu only checks once it is opened. `known`:
 * the answer the console's layout loader already had on the server, so the first HTML is the
 * console itself, not a wait (docs/operations.md, "The operator console").
 */
export const useOperatorMe = (enabled = true, known?: OperatorMe) =>
  useQuery({ ...operatorMeQuery(), enabled, initialData: known });
