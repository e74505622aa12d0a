import { describe, expect, it } from "vitest";
import { published } from "./testing/published";
import { mapTwilioCallerName } from "./twilio";
import { twilioAnswers } from "./twilio-contract";
import { mapVonageCallerName } from "./vonage";
import { vonageAnswers } from "./vonage-contract";

/**
 * The caller name (CNAM) each provider publishes, read as its adapter reads it at run time: the
 * published example through the contract's liberal schema, then mapped (docs/providers.md,
 * "Caller name"). Never more than said: "unknown", an error_code or no package is null.
 */
const AT = new Date("2030-05-06T07:08:09Z");
const twilio = (body: Record<string, unknown>) =>
  mapTwilioCallerName("+14159929960", twilioAnswers.lookup.parse(body), AT);
const vonage = (body: Record<string, unknown>) =>
  mapVonageCallerName("+14159929960", vonageAnswers.advanced.parse(body), AT);

describe("caller name from Twilio's caller_name package", () => {
  const example = published("twilioCallerName").body;

  it("fetchCallerName, as published: a consumer's name", () => {
    expect(twilio(example)).toEqual({
      e164: "+14159929960",
      name: "Sergio Suarez",
      type: "consumer",
      firstName: null,
      lastName: null,
      source: "live",
      provider: "twilio",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: null,
    });
  });

  it("an error_code, no package or an invalid number cannot tell", () => {
    const failed = { caller_name: null, caller_type: null, error_code: 60600 };
    expect(twilio({ ...example, caller_name: failed })).toMatchObject({ name: null, type: null });
    expect(twilio({ ...example, caller_name: null })).toMatchObject({ name: null, type: null });
    expect(twilio({ ...example, valid: false })).toMatchObject({ name: null, type: null });
  });

  it("a business, as Twilio writes it", () => {
    const business = { caller_name: "ACME CORP", caller_type: "BUSINESS", error_code: null };
    expect(twilio({ ...example, caller_name: business })).toMatchObject({
      name: "ACME CORP",
      type: "business",
    });
  });
});

describe("caller name from Vonage's caller_identity (cnam)", () => {
  const example = published("vonageStandard").body;

  it("niResponseJsonStandard, as published: John Smith, a consumer, charged net of the refund", () => {
    expect(vonage(example)).toEqual({
      e164: "+14159929960",
      name: "John Smith",
      type: "consumer",
      firstName: "John",
      lastName: "Smith",
      source: "live",
      provider: "vonage",
      obtainedAt: "2030-05-06T07:08:09.000Z",
      cost: { amount: "0.025", currency: "EUR", balance: "1.23456789" },
    });
  });

  it('"unknown" or no caller identity cannot tell', () => {
    const unknown = { caller_type: "unknown", caller_name: "unknown", first_name: "", last_name: "" };
    expect(vonage({ ...example, caller_identity: unknown })).toMatchObject({
      name: null,
      type: null,
      firstName: null,
      lastName: null,
    });
    const { caller_identity: _none, ...without } = example;
    expect(vonage(without)).toMatchObject({ name: null, type: null });
  });
});
