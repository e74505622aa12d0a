import type {
  FraudListAddBody,
  FraudListAddView,
  FraudListKind,
  FraudListsView,
} from "@nc/contracts/fraud-lists";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { fraudListKeys } from "./fraud-lists";

/** POST /api/tenant/fraud-list: adds numbers or prefixes (normalised by the server). */
export const addFraudListEntries = (body: FraudListAddBody) =>
  api<FraudListAddView>("/api/tenant/fraud-list", { method: "POST", body });

/** POST /api/tenant/fraud-list/remove */
export const removeFraudListEntries = (body: { kind: FraudListKind; entries: string[] }) =>
  api<FraudListsView>("/api/tenant/fraud-list/remove", { method: "POST", body });

/** Both answer with the lists as they now are: the cache takes them as they come. */
export function useChangeFraudLists(tenantId: string) {
  const client = useQueryClient();
  const onSuccess = (lists: FraudListsView) => client.setQueryData(fraudListKeys.all(tenantId), lists);
  return {
    add: useMutation({ mutationFn: addFraudListEntries, onSuccess }),
    remove: useMutation({ mutationFn: removeFraudListEntries, onSuccess }),
  };
}
