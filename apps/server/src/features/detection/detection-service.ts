import type {
  DetectionHistoryPage,
  DetectionJobView,
  SingleCheckResultView,
  SingleCheckView,
} from "@nc/contracts/detection-single";
import { SERVICES, type ServiceCode } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { basicCheck } from "@nc/numcheck/basic-check";
import type { CachedProvider } from "@nc/numcheck/providers/cache";
import { AppError } from "../../core/app-error";
import { keysetPage, optionalCursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import type { ChangeCache } from "../../db/change-cache";
import { type BillingService, insufficientBalance } from "../billing/index";
import { fraudListService } from "../fraud-list/index";
import { type EffectivePrices, type PriceService, pickBand } from "../price/index";
import { checkPipeline } from "./check-pipeline";
import { type DetectionRepo, detectionRepo, type HistoryFilter, type HistoryRow } from "./detection-repo";
import { fraudVelocity } from "./fraud-velocity";
import { forCustomer, isChargeable, kindsAsked, NEEDS, resultFacets } from "./result-view";
import { singleCheckWriter } from "./single-check-writer";

export interface SingleCheckInput {
  tenantId: string;
  /** The organisation's partner when already known (saves a look-up for the price). */
  partnerId?: string;
  /** Who asked: the member, or for an API call the key's creator (null once they are gone). */
  userId: string | null;
  service: ServiceCode;
  number: string;
  defaultCountry?: string;
  /** Skip the look-up cache: ask the network again. */
  fresh?: boolean;
  /**
   * Asked through the public API: charged as trade type 1 to the key; a test key answers from
   * the sandbox and is never charged.
   */
  apiKey?: { id: string; test: boolean };
}

/** One number checked from the dashboard: run the service, store the result, then charge it. */
export function detectionService(
  db: Db,
  liveProvider: CachedProvider,
  /** The shared services (services.ts): what a check is priced and charged with. */
  { prices: pricing, billing }: { prices: PriceService; billing: BillingService },
  /** The process's shared cache of price lists (without it, every check reads them). */
  priceLists?: ChangeCache<EffectivePrices[]>,
) {
  const repo: DetectionRepo = detectionRepo(db);
  // The one check pipeline, shared in shape with the job worker (docs/architecture.md).
  const pipeline = checkPipeline(liveProvider);
  const fraudLists = fraudListService(db);
  const writer = singleCheckWriter(billing);
  const velocity = fraudVelocity(db);

  return {
    async check(input: SingleCheckInput): Promise<SingleCheckView> {
      const basic = basicCheck(input.number, { defaultCountry: input.defaultCountry });
      const lists = priceLists
        ? await priceLists.get(input.tenantId)
        : await pricing.effective(input.tenantId, input.partnerId);
      const prices = (lists ?? []).find((p) => p.service === input.service);
      if (!prices || prices.bands.length === 0)
        throw new AppError("priceNotSet", { service: input.service }, { service: input.service });
      const needs = NEEDS[input.service];
      const test = input.apiKey?.test ?? false;
      // Answers from the sandbox provider are free, and say so; so is everything a test key asks.
      const sandbox = pipeline.sandboxed(input.service, test);
      const chargeable = isChargeable(input.service, basic) && !sandbox;

      // Do not pay the upstream for a look-up the organisation cannot pay for. Without a look-up
      // the charge itself refuses a balance that does not cover it (no query before it).
      if (chargeable && kindsAsked(input.service, basic).length > 0) {
        const volume = (await pricing.volumeThisMonth(input.tenantId))[input.service] ?? 0;
        const due = pickBand(prices.bands, volume)!.priceMicros;
        const { balanceMicros, currency } = await billing.balance(input.tenantId);
        if (balanceMicros < due) throw insufficientBalance(due, balanceMicros, currency);
      }

      const velocity24h =
        needs.fraud && basic.e164 ? (await velocity(input.tenantId, [basic.e164]))(basic.e164) : 0;
      let result: SingleCheckResultView;
      try {
        result = await pipeline.run(input.service, basic, {
          tenantId: input.tenantId,
          partnerId: input.partnerId,
          test,
          fresh: input.fresh,
          velocity24h,
          lists: needs.fraud ? await fraudLists.lists(input.tenantId) : undefined,
        });
      } catch {
        // A look-up failed: nothing stored, nothing charged.
        throw new AppError("lookupFailed");
      }

      // Stored in its day's job and charged together (priced there at the month's volume); a refused charge
      // stores nothing.
      const written = await writer.submit({
        tenantId: input.tenantId,
        service: input.service,
        userId: input.userId,
        channel: input.apiKey ? "api" : "web",
        input: input.number,
        e164: basic.e164,
        itemStatus: basic.valid === false ? "rejected" : "done",
        rejectReason: basic.valid === false ? (basic.normalisation.invalidReason ?? "invalid") : null,
        result,
        facets: resultFacets(input.service, result),
        bands: prices.bands,
        currency: prices.currency,
        chargeable,
        sandbox,
        tradeType: input.apiKey
          ? TRADE_TYPES.checkNumberApi
          : SERVICES.find((s) => s.code === input.service)!.tradeType,
        actor: input.apiKey
          ? { type: "api_key", id: input.apiKey.id }
          : { type: "user", id: input.userId ?? undefined },
      });
      return {
        jobId: written.jobId,
        service: input.service,
        result: forCustomer(written.result),
        costMicros: written.costMicros.toString(),
        currency: written.currency,
        sandbox,
      };
    },

    async history(
      tenantId: string,
      timeZone: string,
      query: Omit<HistoryFilter, "timeZone" | "partnerId"> & { cursor?: string; limit: number },
      partner: { id: string; allowed: boolean; requested: boolean },
    ): Promise<DetectionHistoryPage> {
      if (partner.requested && !partner.allowed) throw new AppError("forbidden");
      const cursor = optionalCursor(query.cursor);
      const filter = { ...query, timeZone, partnerId: partner.requested ? partner.id : undefined };
      const rows = await repo.history(tenantId, filter, query.limit + 1, cursor);
      const { data, nextCursor } = keysetPage(rows, query.limit, toJobView);
      return { items: data, partnerView: partner.allowed, nextCursor };
    },
  };
}

const toJobView = (r: HistoryRow): DetectionJobView => ({
  id: r.id,
  service: r.service,
  kind: r.kind,
  channel: r.channel,
  status: r.status,
  total: Number(r.total),
  done: Number(r.done),
  failed: Number(r.failed),
  duplicates: Number(r.duplicates),
  invalid: Number(r.invalid),
  fileName: r.file_name,
  number: r.number,
  tenant: { id: r.tenant_id, name: r.tenant_name },
  chargedMicros: String(r.charged_micros),
  currency: r.currency,
  sandbox: Number(r.sandbox) === 1,
  createdAt: r.created_at,
  submittedBy: r.submitted_by ? { id: r.submitted_by, name: r.submitted_by_name ?? "" } : null,
});

export type DetectionService = ReturnType<typeof detectionService>;
