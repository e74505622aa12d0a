import type { DetectionHistoryPage, DetectionJobView, SingleCheckView } from "@nc/contracts/detection-single";
import { formatMoney } from "@nc/contracts/money";
import { SERVICES, type ServiceCode } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { basicCheck } from "@nc/numcheck/basic-check";
import { fraudScore } from "@nc/numcheck/fraud/score";
import type { CachedProvider } from "@nc/numcheck/providers/cache";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import type { BasicResult, FraudResult, HlrResult, MnpResult } from "@nc/numcheck/types";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { billingService } from "../billing/billing-service";
import { fraudListService } from "../fraud-list/fraud-list-service";
import { priceService } from "../price/price-service";
import {
  type DetectionRepo,
  detectionRepo,
  type HistoryCursor,
  type HistoryFilter,
  type HistoryRow,
} from "./detection-repo";
import { isChargeable, NEEDS, resultFacets, resultView } from "./result-view";

const DAY_MS = 24 * 60 * 60 * 1000;

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
  repo: DetectionRepo = detectionRepo(db),
) {
  // Test API keys are answered here whatever upstream is configured.
  const sandboxProvider = new SandboxProvider();
  const prices = priceService(db);
  const billing = billingService(db);
  const fraudLists = fraudListService(db);

  async function lookups(service: ServiceCode, basic: BasicResult, fresh = false, test = false) {
    const options = { bypassCache: fresh };
    const provider = test ? sandboxProvider : liveProvider;
    const needs = NEEDS[service];
    const live = basic.qualifiesForHlr && basic.e164 !== null;
    let hlr: HlrResult | null = null;
    let mnp: MnpResult | null = null;
    if (live && (needs.hlr || needs.mnp)) {
      try {
        [hlr, mnp] = await Promise.all([
          needs.hlr ? provider.hlr(basic.e164!, options) : null,
          needs.mnp ? provider.mnp(basic.e164!, options) : null,
        ]);
      } catch {
        // Nothing stored, nothing charged.
        throw new AppError("lookupFailed");
      }
    }
    return { hlr, mnp };
  }

  return {
    async check(input: SingleCheckInput): Promise<SingleCheckView> {
      const basic = basicCheck(input.number, { defaultCountry: input.defaultCountry });
      const quote = await prices.quote(input.tenantId, input.service, 1, input.partnerId);
      const needs = NEEDS[input.service];
      const test = input.apiKey?.test ?? false;
      // Answers from the sandbox provider are free, and say so; so is everything a test key asks.
      const sandbox = test || (liveProvider.sandbox && (needs.hlr || needs.mnp));
      const cost = isChargeable(input.service, basic) && !sandbox ? quote.totalMicros : 0n;

      // Do not pay the upstream for a look-up the organisation cannot pay for. Without a look-up
      // the charge itself refuses a balance that does not cover it (one query less per check).
      if (cost > 0n && basic.qualifiesForHlr && (needs.hlr || needs.mnp)) {
        const { balanceMicros } = await billing.balance(input.tenantId);
        if (balanceMicros < cost) throw await insufficient(input.tenantId, cost);
      }

      const { hlr, mnp } = await lookups(input.service, basic, input.fresh, test);
      let fraud: FraudResult | null = null;
      if (needs.fraud) {
        const velocity24h = basic.e164
          ? await repo.countRecent(input.tenantId, basic.e164, new Date(Date.now() - DAY_MS))
          : 0;
        fraud = fraudScore({ basic, hlr, mnp, velocity24h, ...(await fraudLists.lists(input.tenantId)) });
      }

      const result = resultView({ basic, hlr, mnp, fraud }, { charged: cost > 0n, sandbox });

      // The result is stored first, so a charge never exists without it; a refused charge takes
      // the job back.
      const jobId = uuidv7();
      await repo.insertSingle({
        id: jobId,
        tenantId: input.tenantId,
        service: input.service,
        userId: input.userId,
        channel: input.apiKey ? "api" : "web",
        input: input.number,
        e164: basic.e164,
        defaultCountry: input.defaultCountry ?? null,
        itemStatus: basic.valid === false ? "rejected" : "done",
        rejectReason: basic.valid === false ? (basic.normalisation.invalidReason ?? "invalid") : null,
        result,
        facets: resultFacets(input.service, result),
        unitPriceMicros: quote.unitPriceMicros,
        costMicros: cost,
        currency: quote.currency,
        sandbox,
      });
      if (cost > 0n) {
        try {
          await billing.charge({
            tenantId: input.tenantId,
            tradeType: input.apiKey
              ? TRADE_TYPES.checkNumberApi
              : SERVICES.find((s) => s.code === input.service)!.tradeType,
            amountMicros: cost,
            service: input.service,
            quantity: 1,
            reference: { type: "detection_job", id: jobId },
            idempotencyKey: jobId,
            request: { service: input.service, e164: basic.e164, amountMicros: cost },
            actor: input.apiKey
              ? { type: "api_key", id: input.apiKey.id }
              : { type: "user", id: input.userId ?? undefined },
          });
        } catch (error) {
          await repo.deleteJob(jobId);
          throw error;
        }
      }
      return {
        jobId,
        service: input.service,
        result,
        costMicros: cost.toString(),
        currency: quote.currency,
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
      const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      const filter = { ...query, timeZone, partnerId: partner.requested ? partner.id : undefined };
      const rows = await repo.history(tenantId, filter, query.limit + 1, cursor);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toJobView),
        partnerView: partner.allowed,
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ createdAt: last.created_at, id: last.id })
            : null,
      };
    },
  };

  /** The same 402 the billing service gives, before any look-up is paid for. */
  async function insufficient(tenantId: string, amount: bigint): Promise<AppError> {
    const { balanceMicros, currency } = await billing.balance(tenantId);
    const missing = amount - balanceMicros;
    return new AppError(
      "insufficientBalance",
      { missingMicros: missing.toString(), balanceMicros: balanceMicros.toString(), currency },
      { missing: formatMoney(missing, currency, "en") },
    );
  }
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
  tenant: { id: r.tenant_id, name: r.tenant_name },
  chargedMicros: String(r.charged_micros),
  currency: r.currency,
  sandbox: Number(r.sandbox) === 1,
  createdAt: r.created_at,
  submittedBy: r.submitted_by ? { id: r.submitted_by, name: r.submitted_by_name ?? "" } : null,
});

const encodeCursor = (c: HistoryCursor) => Buffer.from(`${c.createdAt}|${c.id}`).toString("base64url");

const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|[0-9a-f-]{36}$/i;
function decodeCursor(text: string): HistoryCursor {
  const raw = Buffer.from(text, "base64url").toString();
  if (!CURSOR.test(raw)) throw new AppError("badRequest");
  const [createdAt, id] = raw.split("|") as [string, string];
  return { createdAt, id };
}
export type DetectionService = ReturnType<typeof detectionService>;
