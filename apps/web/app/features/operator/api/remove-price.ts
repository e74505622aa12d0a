import type { OperatorPriceList, RemovePriceBody } from "@nc/contracts/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { refreshPrices } from "./prices";

/** POST /api/operator/prices/remove: one band of a list; answers the list after. */
export const removePrice = (body: RemovePriceBody) =>
  api<OperatorPriceList>("/api/operator/prices/remove", { method: "POST", body });

export function useRemovePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePrice,
    onSuccess: () => refreshPrices(client),
  });
}
