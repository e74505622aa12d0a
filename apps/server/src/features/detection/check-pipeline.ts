import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import type { ServiceCode } from "@nc/contracts/services";
import { fraudScore } from "@nc/numcheck/fraud/score";
import type { CachedLookupOptions } from "@nc/numcheck/providers/cache";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import type { BasicResult, HlrResult, LookupProvider, MnpResult } from "@nc/numcheck/types";
import type { FraudLists } from "../fraud-list/index";
import { isChargeable, NEEDS, resultView } from "./result-view";

/** Who a check is for and what it knows already; plain values, from any caller. */
export interface CheckContext {
  tenantId: string;
  partnerId?: string | null;
  /** Made with a test API key: look-ups go to the sandbox whatever is configured; never charged. */
  test?: boolean;
  /** Skip the look-up cache. */
  fresh?: boolean;
  /** The organisation's block and allow lists (fraud services). */
  lists?: FraudLists;
  /** The number's recent single checks (fraud services; see fraud-velocity). */
  velocity24h?: number;
}

/**
 * The one way a number is checked, after normalisation: the look-ups its service needs, through
 * the router, then the fraud score, then the stored view. The dashboard's single check, the public
 * API and the job worker all call this (docs/architecture.md, "One check pipeline").
 */
export interface CheckPipeline {
  /** Whether this service's answers come from the sandbox for this caller (then they are free). */
  sandboxed(service: ServiceCode, test?: boolean): boolean;
  /** The answer of a service that needs no look-up (basic, fraud shield); null for the others. */
  offline(
    service: ServiceCode,
    basic: BasicResult,
    context: Omit<CheckContext, "fresh">,
  ): SingleCheckResultView | null;
  /** Any service's answer; a look-up that fails throws the provider's error. */
  run(service: ServiceCode, basic: BasicResult, context: CheckContext): Promise<SingleCheckResultView>;
}

type Lookup = LookupProvider & {
  hlr(e164: string, options?: CachedLookupOptions): Promise<HlrResult>;
  mnp(e164: string, options?: CachedLookupOptions): Promise<MnpResult>;
};

export function checkPipeline(live: Lookup, sandbox: Lookup = new SandboxProvider()): CheckPipeline {
  const sandboxed = (service: ServiceCode, test = false) => {
    const needs = NEEDS[service];
    return test || (live.sandbox && (needs.hlr || needs.mnp));
  };

  const view = (
    service: ServiceCode,
    basic: BasicResult,
    hlr: HlrResult | null,
    mnp: MnpResult | null,
    context: Omit<CheckContext, "fresh">,
  ): SingleCheckResultView => {
    const fraud = NEEDS[service].fraud
      ? fraudScore({ basic, hlr, mnp, velocity24h: context.velocity24h ?? 0, ...context.lists })
      : null;
    const free = sandboxed(service, context.test);
    return resultView(
      { basic, hlr, mnp, fraud },
      { charged: isChargeable(service, basic) && !free, sandbox: free },
    );
  };

  return {
    sandboxed,
    offline(service, basic, context) {
      const needs = NEEDS[service];
      return needs.hlr || needs.mnp ? null : view(service, basic, null, null, context);
    },
    async run(service, basic, context) {
      const needs = NEEDS[service];
      let hlr: HlrResult | null = null;
      let mnp: MnpResult | null = null;
      if ((needs.hlr || needs.mnp) && basic.qualifiesForHlr && basic.e164 !== null) {
        const provider = context.test ? sandbox : live;
        const options: CachedLookupOptions = {
          bypassCache: context.fresh ?? false,
          tenantId: context.tenantId,
          partnerId: context.partnerId ?? null,
          country: basic.country?.iso2 ?? null,
        };
        [hlr, mnp] = await Promise.all([
          needs.hlr ? provider.hlr(basic.e164, options) : null,
          needs.mnp ? provider.mnp(basic.e164, options) : null,
        ]);
      }
      return view(service, basic, hlr, mnp, context);
    },
  };
}
