import { z } from "zod";
import { passwordSchema } from "./auth";
import { secondFactorSchema } from "./two-factor";

/**
 * Step-up for what matters (docs/security.md, "Step-up"): creating API keys, money settings,
 * webhooks, members' rights and deletions need a proof within this many minutes.
 */
export const STEP_UP_WINDOW_MINUTES = 10;

/** A code of the app (or a recovery code) when two-factor sign-in is on, else the password. */
export const stepUpBody = z.object({
  code: secondFactorSchema.optional(),
  password: passwordSchema.optional(),
});
export type StepUpBody = z.input<typeof stepUpBody>;

export interface SteppedUp {
  /** Until when this session may do what needs a fresh proof. */
  until: string;
}
