import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { needsLiveLookup, type ServiceCode } from "@nc/contracts/services";
import { fraudScore } from "@nc/numcheck/fraud/score";
import type { CachedLookupOptions, CachedProvider } from "@nc/numcheck/providers/cache";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import type { BasicResult, LookupResults } from "@nc/numcheck/types";
import type { FraudLists } from "../fraud-list/index";
import { isChargeable, kindsAsked, NEEDS, resultView } from "./result-view";

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

type Lookup = Pick<CachedProvider, "sandbox" | "lookup">;
/** The answers of a service's look-ups, by kind. */
type Answers = Partial<LookupResults>;

export function checkPipeline(live: Lookup, sandbox: Lookup = new SandboxProvider()): CheckPipeline {
  const sandboxed = (service: ServiceCode, test = false) => {
    return test || (live.sandbox && needsLiveLookup(service));
  };

  const view = (
    service: ServiceCode,
    basic: BasicResult,
    answers: Answers,
    context: Omit<CheckContext, "fresh">,
  ): SingleCheckResultView => {
    // The enhanced score reads what the live answers say (docs/providers.md, "Look-up kinds").
    const fraud = NEEDS[service].fraud
      ? fraudScore({ basic, ...answers, velocity24h: context.velocity24h ?? 0, ...context.lists })
      : null;
    const free = sandboxed(service, context.test);
    return resultView(
      { basic, answers, fraud },
      { charged: isChargeable(service, basic) && !free, sandbox: free },
    );
  };

  return {
    sandboxed,
    offline(service, basic, context) {
      return needsLiveLookup(service) ? null : view(service, basic, {}, context);
    },
    async run(service, basic, context) {
      let answers: Answers = {};
      // The kinds worth asking of this number (docs/providers.md, "Look-up kinds").
      const kinds = kindsAsked(service, basic);
      if (kinds.length > 0 && basic.e164 !== null) {
        const e164 = basic.e164;
        const provider = context.test ? sandbox : live;
        const options: CachedLookupOptions = {
          bypassCache: context.fresh ?? false,
          tenantId: context.tenantId,
          partnerId: context.partnerId ?? null,
          country: basic.country?.iso2 ?? null,
          signals: NEEDS[service].signals,
        };
        // The service's look-ups at once, each by its kind (docs/providers.md, "Look-up kinds").
        answers = Object.fromEntries(
          await Promise.all(
            kinds.map(async (kind) => [kind, await provider.lookup(kind, e164, options)] as const),
          ),
        );
      }
      return view(service, basic, answers, context);
    },
  };
}
