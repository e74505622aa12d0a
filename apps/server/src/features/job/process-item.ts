import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import type { ServiceCode } from "@nc/contracts/services";
import { basicCheck } from "@nc/numcheck/basic-check";
import { createLookupProvider } from "@nc/numcheck/providers/index";
import type { BasicResult, LookupProvider } from "@nc/numcheck/types";
import { checkPipeline } from "../detection/index";
import type { FraudLists } from "../fraud-list/index";

/**
 * How one item of a job is checked. Pluggable so tests can swap it: `process` answers the result
 * to store, or throws to have the item retried / failed.
 */
export interface ItemProcessor {
  /** True when the service's results come from the sandbox: such jobs are free of charge. */
  sandbox(service: ServiceCode): boolean;
  /**
   * `test`: the job was made with a test key, so its look-ups go to the sandbox whatever is
   * configured. `velocity24h`: the number's recent single checks (fraud services; see fraud-velocity).
   * The organisation and its partner pick the look-up route and breaker (docs/providers.md).
   */
  process(item: {
    service: ServiceCode;
    e164: string;
    tenantId: string;
    partnerId?: string | null;
    lists?: FraudLists;
    test?: boolean;
    velocity24h?: number;
  }): Promise<SingleCheckResultView>;
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

/** Basic check for every service, then the one check pipeline (look-ups through the router, score). */
export function defaultProcessor(provider: LookupProvider = createLookupProvider()): ItemProcessor {
  const pipeline = checkPipeline(provider);
  return {
    sandbox: (service) => pipeline.sandboxed(service),
    offline: (service, basic, lists, test = false, velocity24h = 0) =>
      // Read while the file streams, before the organisation matters to a look-up.
      pipeline.offline(service, basic, { tenantId: "", lists, test, velocity24h }),
    process: (item) =>
      pipeline.run(item.service, basicCheck(item.e164), {
        tenantId: item.tenantId,
        partnerId: item.partnerId,
        lists: item.lists,
        test: item.test,
        velocity24h: item.velocity24h,
      }),
  };
}
