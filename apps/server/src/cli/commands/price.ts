import { microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import { SERVICE_CODES } from "@nc/contracts/prices";
import { isServiceCode } from "@nc/contracts/services";
import {
  ensureStandardPrices,
  PriceInputError,
  type PriceScopeKind,
  pickBand,
  type ServicePrices,
} from "../../features/price/price-service";
import { type CliCommand, type FlagValues, required, UsageError } from "../command";

const SCOPES: PriceScopeKind[] = ["standard", "partner", "special"];

const text = (values: FlagValues, name: string) => {
  const value = values[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
};

function scopeFlag(values: FlagValues): PriceScopeKind {
  const scope = required(values, "scope");
  if (!SCOPES.includes(scope as PriceScopeKind))
    throw new UsageError(`--scope must be one of ${SCOPES.join(", ")} (got "${scope}")`);
  return scope as PriceScopeKind;
}

function serviceFlag(values: FlagValues): string {
  const service = required(values, "service");
  if (!isServiceCode(service))
    throw new UsageError(`--service must be one of ${SERVICE_CODES.join(", ")} (got "${service}")`);
  return service;
}

function volumeFlag(values: FlagValues): number | undefined {
  const raw = text(values, "min-volume");
  if (raw === undefined) return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2_000_000_000)
    throw new UsageError(
      `--min-volume must be a whole number of numbers per month, 0 or more (got "${raw}")`,
    );
  return Number(raw);
}

/** The scope ids, refusing ones that do not belong to the scope. */
function scopeIds(values: FlagValues, scope: PriceScopeKind) {
  const partnerId = text(values, "partner");
  const tenantId = text(values, "tenant");
  if (scope !== "partner" && partnerId) throw new UsageError("--partner only goes with --scope partner");
  if (scope !== "special" && tenantId) throw new UsageError("--tenant only goes with --scope special");
  return { partnerId, tenantId };
}

/** Operator errors of the service become usage errors (exit code 2, with the usage line). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PriceInputError) throw new UsageError(error.message);
    throw error;
  }
}

const rows = (prices: ServicePrices[]) =>
  prices.flatMap((p) =>
    p.bands.map((band) => ({
      service: p.service,
      fromVolume: band.minMonthlyVolume,
      price: microsToDecimal(band.priceMicros),
      currency: p.currency,
    })),
  );

const scopeUsage = "--scope standard|partner|special [--partner ID] [--tenant ID]";

export const priceCommands: CliCommand[] = [
  {
    area: "price",
    action: "set",
    usage: `price set ${scopeUsage} --service S --price 0.0075 [--min-volume 0] [--currency USD]`,
    options: {
      scope: { type: "string" },
      partner: { type: "string" },
      tenant: { type: "string" },
      service: { type: "string" },
      price: { type: "string" },
      "min-volume": { type: "string" },
      currency: { type: "string" },
    },
    async run({ values, database, services, io }) {
      // The defaults first, as at server start, so an early edit does not stop them being seeded.
      await ensureStandardPrices(database.db);
      const scope = scopeFlag(values);
      const ids = scopeIds(values, scope);
      const service = serviceFlag(values);
      const rawPrice = required(values, "price");
      const priceMicros = parseAmountToMicros(rawPrice);
      if (priceMicros === null || priceMicros <= 0n)
        throw new UsageError(
          `--price must be a positive amount per number with at most 6 decimals, like 0.0075 (got "${rawPrice}")`,
        );
      const row = await guarded(() =>
        services.prices.set({
          scope,
          ...ids,
          service,
          priceMicros,
          minMonthlyVolume: volumeFlag(values),
          currency: text(values, "currency"),
        }),
      );
      io.log(
        `Set ${row.scope} ${row.service} from ${row.minMonthlyVolume} numbers/month: ${microsToDecimal(row.priceMicros)} ${row.currency} per number`,
      );
      return 0;
    },
  },
  {
    area: "price",
    action: "list",
    usage: "price list [--tenant ID]",
    options: { tenant: { type: "string" } },
    async run({ values, database, services, io }) {
      // The defaults first, as at server start, so an early edit does not stop them being seeded.
      await ensureStandardPrices(database.db);
      const { prices } = services;
      const tenantId = text(values, "tenant");
      if (tenantId) {
        // Checks the id and says so clearly when it is unknown.
        await guarded(() => prices.resolveScope("special", { tenantId }));
        const effective = await prices.effective(tenantId);
        const volume = await prices.volumeThisMonth(tenantId);
        io.log(`Effective prices of organisation ${tenantId} (volume is this calendar month, UTC):`);
        io.table(
          effective.flatMap((p) => {
            const current = pickBand(p.bands, volume[p.service] ?? 0);
            return rows([p]).map((row) => ({
              ...row,
              source: p.source,
              volumeThisMonth: volume[p.service] ?? 0,
              current: current?.minMonthlyVolume === row.fromVolume ? "yes" : "",
            }));
          }),
        );
        return 0;
      }
      const lists = await prices.allLists();
      if (lists.length === 0) io.log("No prices are set.");
      for (const list of lists) {
        io.log(list.scope);
        io.table(rows(list.prices));
      }
      return 0;
    },
  },
  {
    area: "price",
    action: "remove",
    usage: `price remove ${scopeUsage} --service S [--min-volume N]  (without --min-volume: every band of the service)`,
    options: {
      scope: { type: "string" },
      partner: { type: "string" },
      tenant: { type: "string" },
      service: { type: "string" },
      "min-volume": { type: "string" },
    },
    async run({ values, database, services, io }) {
      // The defaults first, as at server start, so an early edit does not stop them being seeded.
      await ensureStandardPrices(database.db);
      const scope = scopeFlag(values);
      const ids = scopeIds(values, scope);
      const service = serviceFlag(values);
      const minVolume = volumeFlag(values);
      const removed = await guarded(() => services.prices.remove(scope, ids, service, minVolume));
      if (removed === 0) {
        io.error("No matching price was found; nothing removed.");
        return 1;
      }
      io.log(`Removed ${removed} price band(s) of ${service} from the ${scope} list.`);
      return 0;
    },
  },
];
