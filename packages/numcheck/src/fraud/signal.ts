import type { FraudReasonCode } from "./reason-codes";

/** One reason a number looks risky, and how much it adds to the 0-100 score. */
export interface Signal {
  code: FraudReasonCode;
  weight: number;
}
