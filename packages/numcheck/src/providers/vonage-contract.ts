import { z } from "zod";
import { DECIMAL, DIGITS, Fields, ISO2, ISO3, type Strength } from "./contract-fields";

/**
 * Vonage Number Insight, Advanced (synchronous) and Standard, as the official Node SDK types it:
 * repository Vonage/vonage-node-sdk, package packages/number-insights (@vonage/number-insights
 * 1.21.0, commit babd2d8c2e09): types/Responses/AdvancedResponse.ts, StandardResponse.ts,
 * BasicResponse.ts, CarrierInforResponse.ts, RoamingDataResponse.ts, CallerIdentityResponse.ts,
 * RealTimeDataResponse.ts and the enums. Written here from those field lists (docs/providers.md),
 * with what Vonage's published OpenAPI contract adds (repository Nexmo/api-specification, file
 * definitions/number-insight.yml, version 1.1.2, commit 9a993aef5fba): reachable, ported, the
 * carriers, each carrier field and roaming may be null, and "null" is among the values of
 * reachable, ported and network_type; lookup_outcome is 0 (success), 1 (partial success: some
 * fields populated) or 2 (failed). Its examples are testing/published/vonage-*.json.
 *
 *   GET https://api.nexmo.com/ni/advanced/json?number=…  (and /ni/standard/json) with HTTP Basic
 *   auth (API key : API secret), as the SDK sends it since it moved off api_key/api_secret in the query.
 *
 * The API answers HTTP 200 with a `status`: 0 success; 1 throttled; 3 invalid parameters; 4 invalid
 * credentials; 5 internal error; 9 partner quota exceeded (the account is out of credit); 43, 44, 45
 * the live look-up was not handled or is unavailable (the rest of the answer is there). An answer
 * with a non-zero status carries little beyond status, status_message and request_id, so every
 * field but `status` is optional. Prices and balances are decimal strings in EUR (the SDK's
 * documentation of request_price, refund_price and remaining_balance).
 */
export const VONAGE_CONTRACT =
  "vonage number-insights advanced (sync) per @vonage/number-insights 1.21.0 types (Vonage/vonage-node-sdk@babd2d8c) and number-insight.yml 1.1.2 (Nexmo/api-specification@9a993aef)";
export const VONAGE_CURRENCY = "EUR";

export const NETWORK_TYPE = [
  "mobile",
  "landline",
  "landline_premium",
  "landline_tollfree",
  "virtual",
  "unknown",
  "pager",
] as const;
export const PORTED = ["not_ported", "ported", "unknown", "assumed_not_ported", "assumed_ported"] as const;
export const REACHABLE = [
  "unknown",
  "reachable",
  "undeliverable",
  "absent",
  "bad_number",
  "blacklisted",
] as const;
export const VALID_NUMBER = ["unknown", "valid", "not_valid", "inferred", "inferred_not_valid"] as const;
export const ROAMING_STATUS = ["roaming", "not_roaming", "unknown"] as const;
const CALLER_TYPE = ["unknown", "business", "consumer"] as const;

/** A value list the OpenAPI contract marks nullable: null, or the string "null", is among its values. */
function orNull([first, ...rest]: readonly [string, ...string[]]): [string, ...string[]] {
  return [first, ...rest, "null"];
}

/** 0 success, 1 partial success, 2 failed; any code when liberal (a new one is read as "cannot tell"). */
function lookupOutcome(f: Fields): z.ZodType<number | string> {
  return f.strict ? z.union([z.literal(0), z.literal(1), z.literal(2)]) : f.code();
}

function advancedShape(f: Fields) {
  const str = f.optional(z.string());
  const price = f.optional(f.matching(DECIMAL));
  const nullable = <T>(schema: z.ZodType<T>) => f.optional(schema, true);
  const carrier = nullable(
    f.object({
      network_code: nullable(z.string()),
      name: nullable(z.string()),
      country: nullable(f.matching(ISO2)),
      network_type: nullable(f.oneOf(orNull(NETWORK_TYPE))),
    }),
  );
  // Fields the adapter never reads are checked in fixtures only (contract-fields.ts).
  const unread = f.unread(z.string());
  return {
    // BasicResponse
    status: z.number().int(),
    status_message: unread,
    request_id: unread,
    international_format_number: f.unread(f.matching(DIGITS)),
    national_format_number: unread,
    country_code: f.unread(f.matching(ISO2)),
    country_code_iso3: f.unread(f.matching(ISO3)),
    country_name: unread,
    country_prefix: f.unread(f.matching(DIGITS)),
    // StandardResponse
    request_price: price,
    refund_price: price,
    remaining_balance: price,
    current_carrier: carrier,
    original_carrier: carrier,
    ported: nullable(f.oneOf(orNull(PORTED))),
    caller_identity: f.optional(
      f.object({
        caller_type: f.optional(f.oneOf(CALLER_TYPE)),
        caller_name: str,
        first_name: str,
        last_name: str,
      }),
    ),
    caller_name: unread,
    last_name: unread,
    first_name: unread,
    caller_type: f.unread(f.oneOf(CALLER_TYPE)),
    // AdvancedResponse
    roaming: nullable(
      z.union([
        f.object({
          status: f.optional(f.oneOf(ROAMING_STATUS)),
          roaming_country_code: f.optional(f.matching(ISO2)),
          roaming_network_code: str,
          roaming_network_name: str,
        }),
        f.oneOf(ROAMING_STATUS),
      ]),
    ),
    lookup_outcome: f.optional(lookupOutcome(f)),
    lookup_outcome_message: unread,
    valid_number: f.optional(f.oneOf(VALID_NUMBER)),
    reachable: nullable(f.oneOf(orNull(REACHABLE))),
    real_time_data: f.unread(f.object({ active_status: str, handset_status: str })),
  };
}

export function vonageSchemas(strength: Strength) {
  const f = new Fields(strength);
  return { advanced: f.object(advancedShape(f)) };
}

/** What the adapter accepts at run time (Standard answers are the same fields, fewer of them). */
export const vonageAnswers = vonageSchemas("liberal");
export type VonageAnswer = z.infer<typeof vonageAnswers.advanced>;
