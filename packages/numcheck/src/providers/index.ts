import type { LookupProvider } from "../types";
import { type ResilienceOptions, type ResilientProvider, resilient } from "./resilient";
import { type SandboxOptions, SandboxProvider } from "./sandbox";
import { type TyntecOptions, TyntecProvider } from "./tyntec";

export { type CachedProvider, type CacheOptions, cached, type LookupCache, MemoryLookupCache } from "./cache";
export { CircuitBreaker, type CircuitState } from "./circuit-breaker";
export { UpstreamHttpError } from "./http-error";
export { MAP_ERRORS, mapError } from "./map-errors";
export { type ResilienceOptions, type ResilientProvider, resilient } from "./resilient";
export { retry, retryableError } from "./retry";
export { SandboxProvider } from "./sandbox";
export { OUTCOME_BY_LAST_DIGIT, type SandboxOutcome, TEST_RANGES, testOutcome } from "./sandbox-numbers";
export { Semaphore } from "./semaphore";
export { type TwilioExtra, type TwilioOptions, TwilioProvider } from "./twilio";
export { TWILIO_CONTRACT } from "./twilio-contract";
export { type TyntecOptions, TyntecProvider } from "./tyntec";
export { TYNTEC_CONTRACT } from "./tyntec-contract";
export { type VonageOptions, VonageProvider } from "./vonage";
export { VONAGE_CONTRACT } from "./vonage-contract";
export { withTimeout } from "./with-timeout";

export interface ProviderConfig {
  /** When set (with an API key), look-ups go to tyntec; otherwise to the sandbox. */
  tyntec?: TyntecOptions | null;
  sandbox?: SandboxOptions;
  resilience?: ResilienceOptions;
}

/** The configured upstream, or the sandbox when none is configured, behind the resilience wrapper. */
export function createLookupProvider(config: ProviderConfig = {}): ResilientProvider {
  const inner: LookupProvider = config.tyntec?.apiKey
    ? new TyntecProvider(config.tyntec)
    : new SandboxProvider(config.sandbox);
  return resilient(inner, config.resilience);
}
