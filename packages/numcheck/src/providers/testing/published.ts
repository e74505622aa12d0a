import { readFileSync } from "node:fs";
import type { FakeReply } from "./fake-upstream";

/**
 * The example answers the providers publish, stored as they were published under published/ (its
 * README.md names the repository, path and commit of each). A fake serves one as it is, so the
 * contract schemas must accept it and the adapter must map it: nothing here is filled in or renamed.
 */
export const PUBLISHED = {
  tyntecGnvOpenApi: "tyntec-gnv-openapi.json",
  tyntecGnpOpenApi: "tyntec-gnp-openapi.json",
  tyntecHlrLookupOpenApi: "tyntec-hlr-lookup-openapi.json",
  tyntecGnvDocsPage: "tyntec-gnv-docs-page.json",
  twilioLineStatusActive: "twilio-line-status-active.json",
  twilioLineStatusInactive: "twilio-line-status-inactive.json",
  twilioLineTypeIntelligence: "twilio-line-type-intelligence.json",
  twilioInvalid: "twilio-invalid.json",
  twilioSimSwapAndCallForwarding: "twilio-sim-swap-and-call-forwarding.json",
  twilioSimSwap: "twilio-sim-swap.json",
  twilioSimSwapWithoutDate: "twilio-sim-swap-without-date.json",
  twilioSimSwapFalseSwapped: "twilio-sim-swap-false-swapped.json",
  twilioSmsPumpingRisk: "twilio-sms-pumping-risk.json",
  twilioCallerName: "twilio-caller-name.json",
  vonageAdvanced: "vonage-advanced.json",
  vonageAdvancedRoamingUnknown: "vonage-advanced-roaming-unknown.json",
  vonageStandard: "vonage-standard.json",
} as const;
export type PublishedExample = keyof typeof PUBLISHED;

/** Where an example was read, and the answer as published. */
export interface Published {
  source: Record<string, string>;
  body: Record<string, unknown>;
}

export function published(example: PublishedExample): Published {
  return JSON.parse(readFileSync(new URL(`./published/${PUBLISHED[example]}`, import.meta.url), "utf8"));
}

/**
 * A published example as a fake's answer under `contract`: the body as published, with `change`
 * over it only where a test says so (the nulls a contract allows, say).
 */
export function publishedReply(
  contract: string,
  example: PublishedExample,
  change: Record<string, unknown> = {},
): FakeReply {
  return { contract, body: { ...published(example).body, ...change } };
}
