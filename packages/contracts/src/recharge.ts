import { z } from "zod";

/** Recharge orders (docs/operations.md, "Balance and recharges") as the dashboard API speaks of them. */
export const RECHARGE_METHODS = ["stripe", "bank_transfer"] as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[number];

export const RECHARGE_STATUSES = ["pending", "paid", "failed", "expired", "cancelled"] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** A positive amount with at most two decimals, as a decimal string ("25", "25.50"). */
export const rechargeAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "amount_invalid" });

export const createRechargeBody = z.object({
  method: z.enum(RECHARGE_METHODS),
  amount: rechargeAmountSchema,
});
export type CreateRechargeBody = z.infer<typeof createRechargeBody>;

export interface RechargeOrder {
  id: string;
  method: RechargeMethod;
  /** Micro-units as a decimal string. */
  amountMicros: string;
  /**
   * What reached the balance when the order was paid, in micro-units; a bank transfer can bring a
   * different amount than ordered. Null until paid.
   */
  receivedMicros: string | null;
  currency: string;
  status: RechargeStatus;
  reference: string;
  note: string | null;
  createdAt: string;
  expiresAt: string | null;
  paidAt: string | null;
  ledgerEntryId: string | null;
  /** Made by automatic top-up with the saved card (docs/operations.md, "Automatic top-up"). */
  automatic?: boolean;
}

export interface CreatedRecharge {
  orderId: string;
  order: RechargeOrder;
  /** Stripe: where to send the browser. */
  checkoutUrl?: string;
  /** Bank transfer: what to write on the transfer and where to send it. */
  reference?: string;
  bankDetails?: string;
}

export interface RechargeOptions {
  methods: RechargeMethod[];
  currency: string;
  minMicros: string;
  maxMicros: string;
  presets: string[];
  bankDetails: string;
  bankTransferDays: number;
}

export interface RechargeReceipt {
  order: RechargeOrder;
  tenant: { id: string; name: string };
  brand: { name: string; logo: string; darkLogo: string; email: string };
  balanceAfterMicros: string | null;
}
