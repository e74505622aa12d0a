import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import type { ServiceCode } from "@nc/contracts/services";
import { basicCheck } from "@nc/numcheck/basic-check";
import { fraudScore } from "@nc/numcheck/fraud/score";
import { createLookupProvider } from "@nc/numcheck/providers/index";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import type { BasicResult, HlrResult, LookupProvider, MnpResult } from "@nc/numcheck/types";
import { NEEDS, resultView } from "../detection/result-view";
import type { FraudLists } from "../fraud-list/fraud-list-service";

/**
 * How one item of a job is checked. Pluggable so tests can swap it: `process` answers the result
 * to store, or throws to have the item retried / failed.
 */
export interface ItemProcessor {
  /** True when the service's results come from the sandbox: such jobs are free of charge. */
  sandbox(service: ServiceCode): boolean;
  /**
   * `sandbox`: the job was made with a test key, so its look-ups go to the sandbox whatever is
   * configured. `velocity24h`: the number's recent single checks (fraud services; see fraud-velocity).
   */
  process(
    service: ServiceCode,
    e164: string,
    lists?: FraudLists,
    sandbox?: boolean,
    velocity24h?: number,
  ): Promise<SingleCheckResultView>;
  /**
   * The result of a service that needs no look-up, from a basic check already made (when the
   * numbers are read): such items are stored with their result and only charged by the worker.
   * Absent, or null for a service, means the worker checks the item.
   */
  offline?(
    service: ServiceCode,
    basic: BasicResult,
    lists?: FraudLists,
    sandbox?: boolean,
    velocity24h?: number,
  ): SingleCheckResultView | null;
}

/** The result of basic or fraud shield: pure functions of the number, no look-up. */
function offlineResult(
  service: ServiceCode,
  basic: BasicResult,
  lists?: FraudLists,
  sandbox = false,
  velocity24h = 0,
): SingleCheckResultView | null {
  if (NEEDS[service].hlr || NEEDS[service].mnp) return null;
  const fraud = NEEDS[service].fraud ? fraudScore({ basic, velocity24h, ...lists }) : null;
  return resultView({ basic, hlr: null, mnp: null, fraud }, { charged: !sandbox, sandbox });
}

/** Basic check for every service, plus the look-up provider for HLR, MNP and enhanced fraud. */
export function defaultProcessor(
  provider: LookupProvider = createLookupProvider(),
  sandboxProvider: LookupProvider = new SandboxProvider(),
): ItemProcessor {
  const sandbox = (service: ServiceCode) => (NEEDS[service].hlr || NEEDS[service].mnp) && provider.sandbox;
  return {
    sandbox,
    offline: offlineResult,
    async process(service, e164, lists, test = false, velocity24h = 0) {
      const basic = basicCheck(e164);
      const ready = offlineResult(service, basic, lists, test, velocity24h);
      if (ready) return ready;
      const needs = NEEDS[service];
      const live = basic.qualifiesForHlr;
      const lookup = test ? sandboxProvider : provider;
      const [hlr, mnp]: [HlrResult | null, MnpResult | null] = await Promise.all([
        needs.hlr && live ? lookup.hlr(e164) : null,
        needs.mnp && live ? lookup.mnp(e164) : null,
      ]);
      const fraud = needs.fraud ? fraudScore({ basic, hlr, mnp, velocity24h, ...lists }) : null;
      const free = test || sandbox(service);
      return resultView({ basic, hlr, mnp, fraud }, { charged: !free, sandbox: free });
    },
  };
}
