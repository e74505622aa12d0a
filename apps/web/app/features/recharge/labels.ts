import type { RechargeMethod, RechargeOrder, RechargeStatus } from "@nc/contracts/recharge";

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

/** The page's subtitle names only the methods on offer: no card promised without Stripe. */
export function subtitleKey(methods: readonly RechargeMethod[] | undefined): string {
  if (!methods) return "recharge:subtitle.generic";
  const card = methods.includes("stripe");
  const bank = methods.includes("bank_transfer");
  if (card && bank) return "recharge:subtitle.cardOrBank";
  if (card) return "recharge:subtitle.card";
  if (bank) return "recharge:subtitle.bank";
  return "recharge:subtitle.none";
}

/** A mailto: link to support with the subject and the lines support needs already written. */
export function supportMailto(email: string, subject: string, lines: string[]): string {
  const q = (text: string) => encodeURIComponent(text);
  return `mailto:${email}?subject=${q(subject)}&body=${q(`${lines.join("\r\n")}\r\n`)}`;
}

/**
 * What a paid order credited, when a bank transfer brought another amount than was ordered
 * (docs/operations.md, "Balance and recharges"); null when it matches or nothing was credited.
 */
export function receivedIfDifferent(order: Pick<RechargeOrder, "amountMicros" | "receivedMicros">) {
  const { receivedMicros, amountMicros } = order;
  return receivedMicros !== null && BigInt(receivedMicros) !== BigInt(amountMicros) ? receivedMicros : null;
}
