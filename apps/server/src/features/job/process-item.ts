import type { ServiceCode } from "@nc/contracts/services";
import { basicCheck } from "@nc/numcheck/basic-check";
import { fraudScore } from "@nc/numcheck/fraud/score";
import { createLookupProvider } from "@nc/numcheck/providers/index";
import type { LookupProvider } from "@nc/numcheck/types";

/**
 * How one item of a job is checked. Pluggable so tests (and later the shared detection engine) can
 * swap it: `process` answers the result to store, or throws to have the item retried / failed.
 */
export interface ItemProcessor {
  /** True when the service's results come from the sandbox: such jobs are free of charge. */
  sandbox(service: ServiceCode): boolean;
  process(service: ServiceCode, e164: string): Promise<unknown>;
}

/** Basic check for every service, plus the look-up provider for HLR, MNP and enhanced fraud. */
export function defaultProcessor(provider: LookupProvider = createLookupProvider()): ItemProcessor {
  return {
    sandbox: (service) => service !== "basic" && service !== "fraud_shield" && provider.sandbox,
    async process(service, e164) {
      const basic = basicCheck(e164);
      switch (service) {
        case "basic":
          return { basic };
        case "hlr":
          return { basic, hlr: await provider.hlr(e164) };
        case "mnp":
          return { basic, mnp: await provider.mnp(e164) };
        case "fraud_shield":
          return { basic, fraud: fraudScore({ basic }) };
        case "fraud_shield_enhanced": {
          const [hlr, mnp] = await Promise.all([provider.hlr(e164), provider.mnp(e164)]);
          return { basic, hlr, mnp, fraud: fraudScore({ basic, hlr, mnp }) };
        }
      }
    },
  };
}
