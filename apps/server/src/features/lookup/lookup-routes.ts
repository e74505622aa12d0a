import type { ProviderLimits, RoutedKind, RouteRule } from "@nc/numcheck/providers/router";
import { LOOKUP_KINDS } from "@nc/numcheck/types";
import { ConfigError } from "../../config";

/**
 * The routing settings (docs/providers.md): `LOOKUP_ROUTES` is a list of rules separated by ";",
 * each `kind[@COUNTRY][#partnerId]=provider,provider`. Without it, each kind goes to every
 * configured provider that answers it, in the order given. A wrong rule stops the server with a
 * message naming it, like any other setting.
 */
const RULE = new RegExp(
  `^(${LOOKUP_KINDS.join("|")})(?:@([A-Za-z]{2}))?(?:#([0-9a-f-]{36}))?=([a-z0-9_,-]+)$`,
  "i",
);

export class LookupSettingsError extends ConfigError {}

export function parseRoutes(
  text: string | undefined,
  providers: { name: string; answers: readonly string[] }[],
): RouteRule[] {
  if (!text?.trim()) {
    // Default routing follows what each service needs (docs/providers.md, "Routing by what a
    // service needs"): a look-up that needs signals goes first to the providers that give them.
    return LOOKUP_KINDS.map((kind) => ({
      kind,
      byNeeds: true,
      providers: providers.filter((p) => p.answers.includes(kind)).map((p) => p.name),
    }));
  }
  const names = new Set(providers.map((p) => p.name));
  return text
    .split(";")
    .map((part) => part.replace(/\s+/g, ""))
    .filter((part) => part !== "")
    .map((part) => {
      const match = RULE.exec(part);
      if (!match)
        throw new LookupSettingsError([
          `LOOKUP_ROUTES: cannot read "${part}" (kind[@COUNTRY][#partnerId]=provider,provider)`,
        ]);
      const list = match[4]!.split(",").filter(Boolean);
      for (const name of list) {
        if (!names.has(name))
          throw new LookupSettingsError([
            `LOOKUP_ROUTES: "${name}" is not a configured provider (${[...names].join(", ")})`,
          ]);
      }
      return {
        kind: match[1]!.toLowerCase() as RoutedKind,
        ...(match[2] ? { country: match[2].toUpperCase() } : {}),
        ...(match[3] ? { partner: match[3].toLowerCase() } : {}),
        providers: list,
      };
    });
}

/** `LOOKUP_CONCURRENCY`: "10" for every provider, or "tyntec=50,twilio=20" (others 10). */
export function parseLimits(
  text: string,
  timeoutMs: number,
  names: string[],
): Record<string, ProviderLimits> {
  const limits: Record<string, ProviderLimits> = {};
  const all = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  for (const name of names) limits[name] = { concurrency: all ?? 10, timeoutMs };
  if (all !== null) return limits;
  for (const part of text.split(",")) {
    const [name, value] = part.split("=").map((x) => x.trim());
    const n = Number(value);
    if (!name || !names.includes(name) || !Number.isInteger(n) || n < 1 || n > 10_000) {
      throw new LookupSettingsError([
        `LOOKUP_CONCURRENCY: cannot read "${part}" (provider=number, for a configured provider)`,
      ]);
    }
    limits[name] = { concurrency: n, timeoutMs };
  }
  return limits;
}
