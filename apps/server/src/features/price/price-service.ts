import type { PriceOverview, PriceQuoteView, PriceSource, ServicePriceView } from "@nc/contracts/prices";
import { SERVICE_CODES } from "@nc/contracts/prices";
import {
  isServiceCode,
  SERVICES,
  type ServiceCode,
  STANDARD_BAND_STARTS,
  STANDARD_CURRENCY,
} from "@nc/contracts/services";
import { eq } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { Db, Runner } from "../../core/db";
import { isUuid } from "../../core/uuid";
import { partners, tenants } from "../../db/schema/index";
import {
  monthStartUtc,
  type PriceRepo,
  type PriceRow,
  partnerScope,
  priceRepo,
  STANDARD_SCOPE,
  specialScope,
} from "./price-repo";

export interface PriceBand {
  minMonthlyVolume: number;
  priceMicros: bigint;
}

export interface ServicePrices {
  service: ServiceCode;
  currency: string;
  /** Ascending by minMonthlyVolume. */
  bands: PriceBand[];
}

export interface EffectivePrices extends ServicePrices {
  source: PriceSource;
}

export interface Quote {
  service: ServiceCode;
  quantity: number;
  monthlyVolume: number;
  unitPriceMicros: bigint;
  totalMicros: bigint;
  currency: string;
  /** The start of the band applied. */
  band: number;
  source: PriceSource;
}

/** A refused operator input, with a message that says what to fix. */
export class PriceInputError extends Error {}

export type PriceScopeKind = "standard" | "partner" | "special";

export interface SetPriceInput {
  scope: PriceScopeKind;
  partnerId?: string;
  tenantId?: string;
  service: string;
  priceMicros: bigint;
  minMonthlyVolume?: number;
  /** Defaults: USD for standard, the partner's currency for partner and special lists. */
  currency?: string;
}

/** Market defaults in USD micros per number, one price per band of STANDARD_BAND_STARTS (the descriptors'). */
export const DEFAULT_STANDARD_PRICES = Object.fromEntries(
  SERVICES.map((s) => {
    const [first, second, third] = s.standardPricesMicros;
    return [s.code, [BigInt(first), BigInt(second), BigInt(third)] as const];
  }),
) as Record<ServiceCode, readonly [bigint, bigint, bigint]>;

const MAX_VOLUME = 2_000_000_000;

/** Groups rows of one scope by service, bands ascending. */
export function groupByService(rows: PriceRow[]): ServicePrices[] {
  const byService = new Map<string, ServicePrices>();
  for (const row of rows) {
    if (!isServiceCode(row.service)) continue;
    let entry = byService.get(row.service);
    if (!entry) {
      entry = { service: row.service, currency: row.currency, bands: [] };
      byService.set(row.service, entry);
    }
    entry.bands.push({ minMonthlyVolume: row.minMonthlyVolume, priceMicros: row.priceMicros });
  }
  for (const entry of byService.values()) entry.bands.sort((a, b) => a.minMonthlyVolume - b.minMonthlyVolume);
  // In the order of the service catalogue.
  return SERVICE_CODES.flatMap((code) => byService.get(code) ?? []);
}

/**
 * The band for a monthly volume: the highest band start not above it. When a list has no band
 * starting at 0, volumes below its first band pay the first band.
 */
export function pickBand(bands: PriceBand[], volume: number): PriceBand | undefined {
  let chosen = bands[0];
  for (const band of bands) if (band.minMonthlyVolume <= volume) chosen = band;
  return chosen;
}

/**
 * The volumes (inclusive) at which pickBand gives the same band as at this one: from its start
 * (0 for the first) to the volume before the next band's start (MAX_SAFE_INTEGER for the last).
 */
export function bandRange(bands: PriceBand[], volume: number): [from: number, to: number] {
  // The first band is picked from 0 (a list without a band at 0 charges it below its start) as
  // long as no other band qualifies, and none did at this volume; another band from its start.
  // Either stays picked up to the first other start beyond this volume.
  const band = pickBand(bands, volume);
  const from = !band || band === bands[0] ? 0 : band.minMonthlyVolume;
  let to = Number.MAX_SAFE_INTEGER;
  for (const other of bands)
    if (other !== band && other.minMonthlyVolume > volume) to = Math.min(to, other.minMonthlyVolume - 1);
  return [from, to];
}

export function toView(prices: ServicePrices | EffectivePrices): ServicePriceView {
  return {
    service: prices.service,
    currency: prices.currency,
    bands: prices.bands.map((b) => ({
      minMonthlyVolume: b.minMonthlyVolume,
      priceMicros: b.priceMicros.toString(),
    })),
    ...("source" in prices ? { source: prices.source } : {}),
  };
}

export function quoteToView(quote: Quote): PriceQuoteView {
  return {
    ...quote,
    unitPriceMicros: quote.unitPriceMicros.toString(),
    totalMicros: quote.totalMicros.toString(),
  };
}

/** Seeds the default standard list when the platform has none; safe to run at every start. */
export async function ensureStandardPrices(db: Db): Promise<number> {
  const repo = priceRepo(db);
  if ((await repo.countScope(STANDARD_SCOPE)) > 0) return 0;
  return repo.insertMissing(
    SERVICE_CODES.flatMap((service) =>
      STANDARD_BAND_STARTS.map((minMonthlyVolume, i) => ({
        scope: STANDARD_SCOPE,
        service,
        minMonthlyVolume,
        priceMicros: DEFAULT_STANDARD_PRICES[service][i]!,
        currency: STANDARD_CURRENCY,
      })),
    ),
  );
}

/**
 * Prices (docs/operations.md, "Prices"): the platform's standard list, a partner's list for its customers, and special
 * prices per organisation. The effective price of a service is special, else partner, else
 * standard, chosen per service. The band is picked by the organisation's volume of that service
 * in the current calendar month (UTC) before the purchase being quoted: the whole purchase pays
 * the price of the band already reached.
 */
function pricesOn(db: Runner, clock: () => Date) {
  const repo: PriceRepo = priceRepo(db);

  async function effectiveFor(tenantId: string, partnerId: string | null): Promise<EffectivePrices[]> {
    const scopes = [specialScope(tenantId), STANDARD_SCOPE, ...(partnerId ? [partnerScope(partnerId)] : [])];
    const rows = await repo.inScopes(scopes);
    const lists: [PriceSource, ServicePrices[]][] = [
      ["special", groupByService(rows.filter((r) => r.scope === specialScope(tenantId)))],
      ["partner", partnerId ? groupByService(rows.filter((r) => r.scope === partnerScope(partnerId))) : []],
      ["standard", groupByService(rows.filter((r) => r.scope === STANDARD_SCOPE))],
    ];
    return SERVICE_CODES.flatMap((code) => {
      for (const [source, list] of lists) {
        const found = list.find((p) => p.service === code);
        if (found) return [{ ...found, source }];
      }
      return [];
    });
  }

  async function partnerIdOf(tenantId: string): Promise<string> {
    const partnerId = await repo.partnerOf(tenantId);
    if (!partnerId) throw new AppError("notFound");
    return partnerId;
  }

  /** Turns a scope kind and its id into the stored scope, checking that the partner or tenant exists. */
  async function resolveScope(
    scope: string,
    ids: { partnerId?: string; tenantId?: string },
  ): Promise<{ scope: string; partnerId: string | null; tenantId: string | null; defaultCurrency: string }> {
    if (scope === "standard")
      return { scope: STANDARD_SCOPE, partnerId: null, tenantId: null, defaultCurrency: STANDARD_CURRENCY };
    if (scope === "partner") {
      if (!ids.partnerId) throw new PriceInputError("--partner ID is required for a partner list");
      if (!isUuid(ids.partnerId)) throw new PriceInputError(`"${ids.partnerId}" is not a partner id`);
      const [partner] = await db.select().from(partners).where(eq(partners.id, ids.partnerId));
      if (!partner) throw new PriceInputError(`no partner with id ${ids.partnerId} (see: partner list)`);
      return {
        scope: partnerScope(partner.id),
        partnerId: partner.id,
        tenantId: null,
        defaultCurrency: partner.currency,
      };
    }
    if (scope === "special") {
      if (!ids.tenantId) throw new PriceInputError("--tenant ID is required for a special price");
      if (!isUuid(ids.tenantId)) throw new PriceInputError(`"${ids.tenantId}" is not an organisation id`);
      const [row] = await db
        .select({ id: tenants.id, currency: partners.currency })
        .from(tenants)
        .innerJoin(partners, eq(partners.id, tenants.partnerId))
        .where(eq(tenants.id, ids.tenantId));
      if (!row) throw new PriceInputError(`no organisation with id ${ids.tenantId}`);
      return {
        scope: specialScope(row.id),
        partnerId: null,
        tenantId: row.id,
        defaultCurrency: row.currency,
      };
    }
    throw new PriceInputError(`unknown scope "${scope}"; use standard, partner or special`);
  }

  const standardList = async (): Promise<ServicePrices[]> =>
    groupByService(await repo.inScopes([STANDARD_SCOPE]));

  const volumeThisMonth = (tenantId: string) => repo.volumeInMonth(tenantId, monthStartUtc(clock()));

  return {
    /** The organisation's effective price per service, with where each comes from. */
    async effective(tenantId: string, partnerId?: string): Promise<EffectivePrices[]> {
      return effectiveFor(tenantId, partnerId ?? (await partnerIdOf(tenantId)));
    },

    standardList,

    /** The partner (brand) an organisation belongs to; notFound for an unknown organisation. */
    partnerOf: partnerIdOf,

    partnerList: async (partnerId: string): Promise<ServicePrices[]> =>
      groupByService(await repo.inScopes([partnerScope(partnerId)])),

    /** An organisation's own (special) prices, only those. */
    specialList: async (tenantId: string): Promise<ServicePrices[]> =>
      groupByService(await repo.inScopes([specialScope(tenantId)])),

    /** Numbers checked per service in the current calendar month (UTC). */
    volumeThisMonth,

    /**
     * The price of `quantity` numbers of a service for the organisation, in integer micros:
     * unit price of the band reached by this month's volume so far, times the quantity.
     * Throws priceNotSet when no list prices the service.
     */
    async quote(
      tenantId: string,
      service: ServiceCode,
      quantity: number,
      partnerId?: string,
    ): Promise<Quote> {
      if (!Number.isSafeInteger(quantity) || quantity < 1) throw new AppError("badRequest");
      const prices = (await effectiveFor(tenantId, partnerId ?? (await partnerIdOf(tenantId)))).find(
        (p) => p.service === service,
      );
      const volume = (await volumeThisMonth(tenantId))[service] ?? 0;
      const band = prices && pickBand(prices.bands, volume);
      if (!prices || !band) throw new AppError("priceNotSet", { service }, { service });
      return {
        service,
        quantity,
        monthlyVolume: volume,
        unitPriceMicros: band.priceMicros,
        totalMicros: band.priceMicros * BigInt(quantity),
        currency: prices.currency,
        band: band.minMonthlyVolume,
        source: prices.source,
      };
    },

    /** What the caller's permissions allow on the price page. */
    async overview(
      tenant: { id: string; partnerId: string },
      can: { special: boolean; standard: boolean; partner: boolean },
    ): Promise<PriceOverview> {
      const overview: PriceOverview = {};
      if (can.special) {
        overview.effective = {
          services: (await effectiveFor(tenant.id, tenant.partnerId)).map(toView),
          monthlyVolume: await volumeThisMonth(tenant.id),
        };
      }
      if (can.standard) overview.standard = (await standardList()).map(toView);
      if (can.partner)
        overview.partner = groupByService(await repo.inScopes([partnerScope(tenant.partnerId)])).map(toView);
      return overview;
    },

    /** Operator: sets one band of a list; validates everything and says what is wrong. */
    async set(input: SetPriceInput): Promise<PriceRow> {
      if (!isServiceCode(input.service))
        throw new PriceInputError(
          `unknown service "${input.service}"; use one of ${SERVICE_CODES.join(", ")}`,
        );
      if (input.priceMicros <= 0n) throw new PriceInputError("the price must be greater than 0");
      const minMonthlyVolume = input.minMonthlyVolume ?? 0;
      if (!Number.isInteger(minMonthlyVolume) || minMonthlyVolume < 0 || minMonthlyVolume > MAX_VOLUME)
        throw new PriceInputError(`the band start must be a whole number from 0 to ${MAX_VOLUME}`);
      const target = await resolveScope(input.scope, input);
      const currency = (input.currency ?? target.defaultCurrency).toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency))
        throw new PriceInputError(`"${input.currency}" is not a currency code (three letters, like USD)`);
      const siblings = (await repo.inScopes([target.scope])).filter(
        (r) => r.service === input.service && r.minMonthlyVolume !== minMonthlyVolume,
      );
      const other = siblings.find((r) => r.currency !== currency);
      if (other)
        throw new PriceInputError(
          `the other bands of ${input.service} in this list are in ${other.currency}; one service's bands share one currency`,
        );
      return repo.upsert({
        scope: target.scope,
        partnerId: target.partnerId,
        tenantId: target.tenantId,
        service: input.service,
        minMonthlyVolume,
        priceMicros: input.priceMicros,
        currency,
      });
    },

    /** Operator: removes one band, or all bands of the service in the list. */
    async remove(
      scope: PriceScopeKind,
      ids: { partnerId?: string; tenantId?: string },
      service: string,
      minMonthlyVolume?: number,
    ): Promise<number> {
      if (!isServiceCode(service))
        throw new PriceInputError(`unknown service "${service}"; use one of ${SERVICE_CODES.join(", ")}`);
      const target = await resolveScope(scope, ids);
      return repo.remove(target.scope, service, minMonthlyVolume);
    },

    /** The stored scope of a list, checking that its partner or organisation exists. */
    resolveScope,

    /** Every list: standard, then each partner's, then each special one (for the operator). */
    async allLists(): Promise<{ scope: string; prices: ServicePrices[] }[]> {
      const rows = await repo.all();
      const scopes = [...new Set(rows.map((r) => r.scope))].sort((a, b) =>
        a === STANDARD_SCOPE ? -1 : b === STANDARD_SCOPE ? 1 : a.localeCompare(b),
      );
      return scopes.map((scope) => ({
        scope,
        prices: groupByService(rows.filter((r) => r.scope === scope)),
      }));
    },
  };
}

/** The price service's work, on one runner. */
export type PriceService = ReturnType<typeof pricesOn> & {
  /**
   * The same service on a caller's transaction (an operator's change and its audit event in one):
   * a view bound to the runner, sharing this one's clock; it holds no state of its own.
   */
  within(runner: Runner): PriceService;
};

export function priceService(db: Runner, clock: () => Date = () => new Date()): PriceService {
  return { ...pricesOn(db, clock), within: (runner) => priceService(runner, clock) };
}
