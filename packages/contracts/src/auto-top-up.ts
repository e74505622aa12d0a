import { z } from "zod";
import { rechargeAmountSchema } from "./recharge";

/**
 * Automatic top-up with a saved card (docs/operations.md, "Automatic top-up"): when a charge leaves
 * the balance under the threshold, the saved card is charged the amount, at most dailyMax times a
 * UTC day, one attempt at a time.
 */
export const AUTO_TOP_UP_DAILY_MAX = 24;
export const AUTO_TOP_UP_DAILY_DEFAULT = 3;

/** Why automatic top-up turned itself off: the bank refused, or asked the cardholder to confirm. */
export const AUTO_TOP_UP_STOP_REASONS = ["payment_failed", "authentication_required"] as const;
export type AutoTopUpStopReason = (typeof AUTO_TOP_UP_STOP_REASONS)[number];

/** POST /api/tenant/recharge/auto: amounts as decimal strings in the account's currency. */
export const autoTopUpBody = z.object({
  enabled: z.boolean(),
  /** Top up when the balance falls below this ("0" only when the balance reaches nothing). */
  threshold: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "amount_invalid" }),
  /** What each top-up adds (within RECHARGE_MIN..RECHARGE_MAX). */
  amount: rechargeAmountSchema,
  dailyMax: z.number().int().min(1).max(AUTO_TOP_UP_DAILY_MAX),
});
export type AutoTopUpBody = z.infer<typeof autoTopUpBody>;

/** The saved card as Stripe describes it (PaymentMethod.card: brand, last4, exp_month, exp_year). */
export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface AutoTopUpSettings {
  /** False when card payments are not configured (no Stripe settings): nothing can be saved. */
  available: boolean;
  card: SavedCard | null;
  enabled: boolean;
  currency: string;
  /** Micro-units as decimal strings. */
  thresholdMicros: string;
  amountMicros: string;
  dailyMax: number;
  /** Attempts made this UTC day. */
  todayCount: number;
  /** An attempt waits for Stripe's answer. */
  inFlight: boolean;
  /** Set when it turned itself off after a failed payment, until it is turned on again. */
  stoppedBecause: AutoTopUpStopReason | null;
  minMicros: string;
  maxMicros: string;
}

/** POST /api/tenant/recharge/card/setup: where to send the browser to save a card. */
export interface CardSetup {
  checkoutUrl: string;
}
