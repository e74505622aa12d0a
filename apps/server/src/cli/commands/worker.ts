import { constants } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { createJobRuntime } from "../../features/job/runtime";
import { createWebhookDeliverer } from "../../features/webhook/deliverer";
import { errorMessageForLog } from "../../http/error-log";
import type { CliCommand } from "../command";

/** What the worker reports besides start and stop (a round that failed): one line on stderr. */
function stderrLog(worker: () => string): FastifyBaseLogger {
  const write =
    (level: string) =>
    (first: unknown, second?: unknown): void => {
      const context = typeof first === "object" && first !== null ? (first as { err?: unknown }) : {};
      const message = typeof first === "string" ? first : typeof second === "string" ? second : "";
      const cause = context.err instanceof Error ? `: ${errorMessageForLog(context.err)}` : "";
      console.error(`${worker()} ${level}: ${message}${cause}`);
    };
  const quiet = () => {};
  const log = {
    level: "info",
    fatal: write("fatal"),
    error: write("error"),
    warn: write("warn"),
    info: write("info"),
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

/**
 * `worker run [--once]`: a process that only checks bulk-job items and sends webhook deliveries
 * (unless WEBHOOKS_ENABLED=false), beside (or instead of) the worker inside the server. It runs
 * until SIGTERM or SIGINT and then finishes the round in hand; with --once it stops as soon as
 * nothing is left to claim or send. A second signal exits at once (the items and deliveries of the
 * unfinished round come back to any worker when their lease runs out).
 */
const run: CliCommand = {
  area: "worker",
  action: "run",
  local: true,
  usage:
    "worker run [--once]   (checks bulk-job items and sends webhooks until SIGTERM/SIGINT; --once: until nothing is due)",
  options: { once: { type: "boolean" } },
  async run({ values, database, services, config }) {
    const once = values.once === true;
    let id = "";
    const { worker } = createJobRuntime(
      database.db,
      services,
      config,
      stderrLog(() => id),
    );
    id = worker.id;
    const deliverer = config.WEBHOOKS_ENABLED
      ? createWebhookDeliverer(
          database.db,
          config,
          stderrLog(() => id),
        )
      : null;

    let stopSignal: NodeJS.Signals | null = null;
    let signalled: (signal: NodeJS.Signals) => void = () => {};
    const stopRequested = new Promise<NodeJS.Signals>((resolve) => {
      signalled = resolve;
    });
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopSignal) process.exit(128 + (constants.signals[signal] ?? 0));
      stopSignal = signal;
      signalled(signal);
      worker.wake();
      deliverer?.wake();
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);

    const started = Date.now();
    console.error(
      `${id} started (${database.kind}, batch ${config.WORKER_BATCH}, concurrency ${worker.concurrency}, lease ${config.WORKER_LEASE_SECONDS} s${once ? ", --once" : ""})`,
    );
    let claimed = 0;
    let outcome = "queue empty";
    try {
      if (once) {
        while (!stopSignal) {
          const n = await worker.runOnce();
          claimed += n;
          if (n === 0) break;
        }
        if (deliverer && !stopSignal) await deliverer.drain();
      } else {
        worker.start();
        deliverer?.start();
        await stopRequested;
        // Lets the round in hand write its results and charge them (and send its deliveries).
        await Promise.all([worker.stop(), deliverer?.stop()]);
      }
      outcome = stopSignal ?? outcome;
    } catch (error) {
      outcome = `failed: ${error instanceof Error ? error.message : String(error)}`;
      throw error;
    } finally {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.error(`${id} stopped (${outcome}, after ${seconds} s${once ? `, ${claimed} items` : ""})`);
    }
    return 0;
  },
};

export const workerCommands: CliCommand[] = [run];
