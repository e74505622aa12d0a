import type { RechargeMethod } from "@nc/contracts/recharge";

/** What a provider needs to start collecting one order. */
export interface StartInput {
  orderId: string;
  tenantId: string;
  reference: string;
  amountMicros: bigint;
  currency: string;
  /** The brand name shown on the payment page. */
  brandName: string;
  /** The site's origin, for the return links. */
  origin: string;
  /** The page path prefix of the caller's language ("" for English, "/es"...). */
  langPrefix: string;
}

/** What the order keeps from the provider and what the customer is shown next. */
export interface Started {
  providerSessionId?: string;
  checkoutUrl?: string;
  expiresAt: Date;
  bankDetails?: string;
}

/** One way of paying: Stripe Checkout, bank transfer. Each lives in its own file. */
export interface RechargeProvider {
  method: RechargeMethod;
  /** False when its settings are missing; the order is then refused with a clear error. */
  available(): boolean;
  start(input: StartInput): Promise<Started>;
}
