import type { FastifyBaseLogger } from "fastify";
import { roundLoop } from "../../../background/round-loop";
import type { AutoTopUpService } from "./auto-top-up-service";

/** How often an idle sweeper looks for balances under their threshold. */
export const SWEEP_EVERY_MS = 3_000;

/**
 * Looks every few seconds for organisations whose balance a charge left under their automatic
 * top-up threshold, and is woken at once when a charge sets a low-balance flag. The charge itself
 * never waits for Stripe: the money path stays one statement (docs/architecture.md, "Several
 * processes, one balance"). Several processes may sweep at once: each attempt is claimed by one
 * statement (auto-top-up-repo.ts, claim).
 */
export function autoTopUpSweeper(service: AutoTopUpService, log: FastifyBaseLogger) {
  const background = roundLoop({
    round: () => service.sweep(),
    idleMs: SWEEP_EVERY_MS,
    log,
    logContext: { loop: "auto-top-up" },
    messages: { failed: "automatic top-up round failed", tidied: "" },
  });
  return {
    start: () => background.start(),
    stop: () => background.stop(),
    wake: () => background.wake(),
    /** Rounds until nothing is due (tests). */
    drain: (maxRounds = 20) => background.drain(maxRounds),
  };
}

export type AutoTopUpSweeper = ReturnType<typeof autoTopUpSweeper>;
