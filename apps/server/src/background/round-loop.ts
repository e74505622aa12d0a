import type { FastifyBaseLogger } from "fastify";

export interface RoundLoopOptions {
  /** One round of work; answers how many things it handled (0 = nothing to do, so idle). */
  round: () => Promise<number>;
  /** Clean-up run when idle, at most once per `tidyEveryMs`; answers how many things went. */
  tidy?: () => Promise<number>;
  tidyEveryMs?: number;
  /** How long an idle loop waits before looking again (unless woken). */
  idleMs?: number;
  log?: FastifyBaseLogger;
  /** Names the loop in its log lines, e.g. { worker: id }. */
  logContext: Record<string, string>;
  messages: { failed: string; tidied: string };
}

/**
 * A background loop of rounds (the job worker, the webhook deliverer): works while there is work,
 * waits when idle until woken or the idle time is up, tidies up now and then when idle, and on
 * stop lets the round in hand finish. A failed round is logged and the loop goes on.
 */
export function roundLoop(options: RoundLoopOptions) {
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastTidy = 0;

  return {
    /** Runs rounds one after another until one finds nothing (tests, `worker run --once`). */
    async drain(maxRounds: number): Promise<number> {
      let total = 0;
      for (let round = 0; round < maxRounds; round++) {
        const n = await options.round();
        total += n;
        if (n === 0) break;
      }
      return total;
    },

    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let handled = 0;
          try {
            handled = await options.round();
            if (handled === 0 && options.tidy && Date.now() - lastTidy > (options.tidyEveryMs ?? 600_000)) {
              lastTidy = Date.now();
              const deleted = await options.tidy();
              if (deleted > 0) options.log?.info({ ...options.logContext, deleted }, options.messages.tidied);
            }
          } catch (error) {
            options.log?.error({ err: error, ...options.logContext }, options.messages.failed);
          }
          // PGlite answers in microtasks: without a real pause between rounds a busy loop would
          // keep the event loop from serving requests.
          await new Promise((resolve) => setImmediate(resolve));
          if (handled === 0 && running)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, options.idleMs ?? 1_000);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
        }
      })();
    },

    /** Nudges an idle loop (new work arrived). */
    wake() {
      wake?.();
    },

    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
