import type { RechargeMethod, RechargeStatus } from "@nc/contracts/recharge";

/** Catalogue keys of the methods and states (static, so the i18n parity test sees each one). */
export const METHOD_LABEL_KEYS: Record<RechargeMethod, string> = {
  stripe: "recharge:method.stripe",
  bank_transfer: "recharge:method.bank_transfer",
};

export const METHOD_HELP_KEYS: Record<RechargeMethod, string> = {
  stripe: "recharge:methodHelp.stripe",
  bank_transfer: "recharge:methodHelp.bank_transfer",
};

export const STATUS_LABEL_KEYS: Record<RechargeStatus, string> = {
  pending: "recharge:status.pending",
  paid: "recharge:status.paid",
  failed: "recharge:status.failed",
  expired: "recharge:status.expired",
  cancelled: "recharge:status.cancelled",
};
