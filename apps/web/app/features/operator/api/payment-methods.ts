import type { OperatorPaymentMethods } from "@nc/contracts/operator";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/operator/payment-methods: which ways to pay the server's settings offer customers. */
export const getPaymentMethods = () => api<OperatorPaymentMethods>("/api/operator/payment-methods");

export const usePaymentMethods = (enabled: boolean) =>
  useQuery({ queryKey: ["operator", "payment-methods"], queryFn: getPaymentMethods, enabled });
