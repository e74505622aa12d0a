import type { CreatedRecharge, CreateRechargeBody } from "@nc/contracts/recharge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/recharge: a new order (Stripe: a checkout URL; bank transfer: reference and details). */
export const createRecharge = (body: CreateRechargeBody) =>
  api<CreatedRecharge>("/api/tenant/recharge", { method: "POST", body });

export function useCreateRecharge(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRecharge,
    onSuccess: () => client.invalidateQueries({ queryKey: ["recharge", tenantId, "list"] }),
  });
}
