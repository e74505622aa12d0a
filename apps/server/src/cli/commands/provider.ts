import type { ProviderHealth } from "@nc/numcheck/providers/router";
import type { ServerCommand } from "../command";

/**
 * `provider status`: the look-up providers' last hour as the running server sees it (calls,
 * errors, latency, breaker, credit errors), read from its /readyz?detail=1. It asks the server on
 * this machine, so it works beside the embedded database; OPERATOR_TOKEN is sent when set.
 */
const status: ServerCommand = {
  area: "provider",
  action: "status",
  usage: "provider status [--url http://127.0.0.1:3000] [--json]",
  options: { url: { type: "string" }, json: { type: "boolean" } },
  database: false,
  async run({ values, config, io }) {
    const base = typeof values.url === "string" ? values.url : `http://127.0.0.1:${config.PORT}`;
    const response = await fetch(new URL("/readyz?detail=1", base), {
      headers: config.OPERATOR_TOKEN ? { authorization: `Bearer ${config.OPERATOR_TOKEN}` } : {},
    }).catch((error: Error) => {
      throw new Error(`no server answered at ${base}: ${error.message}`);
    });
    if (!response.ok) {
      io.error(`the server at ${base} answered ${response.status}`);
      return 1;
    }
    const body = (await response.json()) as { providers: ProviderHealth[] };
    if (values.json) {
      io.log(JSON.stringify(body.providers, null, 2));
      return 0;
    }
    io.log(formatHealth(body.providers));
    return 0;
  },
};

/** One line per provider, aligned, for a terminal. */
export function formatHealth(providers: ProviderHealth[]): string {
  const rows = [
    ["provider", "answers", "breaker", "calls (1 h)", "errors", "credit", "p50", "p99", "in flight", "slow"],
    ...providers.map((p) => [
      p.name,
      p.answers.join(","),
      p.openTenants > 0 ? `${p.breaker} (${p.openTenants} org open)` : p.breaker,
      String(p.lastHour.calls),
      `${(p.lastHour.errorRate * 100).toFixed(1)} %`,
      String(p.lastHour.creditErrors),
      p.lastHour.p50Ms === null ? "-" : `≤${p.lastHour.p50Ms} ms`,
      p.lastHour.p99Ms === null ? "-" : `≤${p.lastHour.p99Ms} ms`,
      `${p.concurrency.active}/${p.concurrency.limit} (+${p.concurrency.waiting})`,
      // Stragglers: calls running on after they freed their slot (docs/providers.md, "Stragglers").
      String(p.concurrency.stragglers),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export const providerCommands: ServerCommand[] = [status];
