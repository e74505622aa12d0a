import type { OperatorPriceList, SetPriceBody } from "@nc/contracts/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { refreshPrices } from "./prices";

/** POST /api/operator/prices: a new band, or a new price for one; answers the list after. */
export const setPrice = (body: SetPriceBody) =>
  api<OperatorPriceList>("/api/operator/prices", { method: "POST", body });

export function useSetPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPrice,
    onSuccess: () => refreshPrices(client),
  });
}
