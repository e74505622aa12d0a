import type { RechargeProvider } from "./provider";

/**
 * Bank transfer: the order waits with its reference until an operator sees the money arrive and
 * runs `recharge confirm --reference ...` (or `recharge reject`).
 */
export function bankTransferProvider(options: { details?: string; days: number }): RechargeProvider {
  return {
    method: "bank_transfer",
    available: () => true,
    async start() {
      return {
        expiresAt: new Date(Date.now() + options.days * 86_400_000),
        bankDetails: options.details ?? "",
      };
    },
  };
}
