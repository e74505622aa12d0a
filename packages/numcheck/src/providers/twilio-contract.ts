import { z } from "zod";
import { Fields, ISO2, MCC, MNC, type Strength } from "./contract-fields";

/**
 * Twilio Lookup v2, as its published OpenAPI contract describes it: repository twilio/twilio-oai,
 * file spec/json/twilio_lookups_v2.json, info.version "1.0.0" (file as of commit 55a17be6f0f1,
 * 2026-02-05). Written here from the contract's field list (docs/providers.md):
 *
 *   GET https://lookups.twilio.com/v2/PhoneNumbers/{PhoneNumber}?Fields=a,b   HTTP Basic auth
 *   (account SID : auth token). 200 LookupResponse; the API's error body is
 *   { code, message, more_info, status } (given on the other Lookup v2 paths).
 *
 * A data package (line_status, line_type_intelligence, sim_swap, call_forwarding, sms_pumping_risk, …) is in the
 * answer only when asked for in Fields; each carries its own error_code. The contract's own examples
 * put null in fields it does not mark nullable (error_code, last_sim_swap_date), so inside a package
 * every field may be null. Value lists not in the contract come from Twilio's Lookup documentation:
 * line_status.status (active, reachable, unreachable, inactive, unknown) and
 * line_type_intelligence.type.
 */
export const TWILIO_CONTRACT = "twilio lookups v2 openapi 1.0.0 (twilio/twilio-oai@55a17be6, 2026-02-05)";

const VALIDATION_ERROR = [
  "TOO_SHORT",
  "TOO_LONG",
  "INVALID_BUT_POSSIBLE",
  "INVALID_COUNTRY_CODE",
  "INVALID_LENGTH",
  "NOT_A_NUMBER",
] as const;
export const LINE_STATUS = ["active", "reachable", "unreachable", "inactive", "unknown"] as const;
export const LINE_TYPE = [
  "landline",
  "mobile",
  "fixedVoip",
  "nonFixedVoip",
  "personal",
  "tollFree",
  "premium",
  "sharedCost",
  "uan",
  "voicemail",
  "pager",
  "unknown",
] as const;

function lookupShape(f: Fields) {
  const inPackage = <T>(schema: z.ZodType<T>) => f.optional(schema, true);
  const errorCode = inPackage(z.number().int());
  const mcc = inPackage(f.matching(MCC));
  const mnc = inPackage(f.matching(MNC));
  const pkg = <S extends z.ZodRawShape>(shape: S) => f.optional(f.object(shape), true);
  return {
    // Fields and packages the adapter never reads are checked in fixtures only (contract-fields.ts).
    calling_country_code: f.unread(z.string().nullable()),
    country_code: f.optional(f.matching(ISO2), true),
    phone_number: f.unread(z.string().nullable()),
    national_format: f.unread(z.string().nullable()),
    valid: f.optional(z.boolean()),
    validation_errors: f.unread(z.array(f.oneOf(VALIDATION_ERROR)).nullable()),
    caller_name: pkg({
      caller_name: inPackage(z.string()),
      caller_type: inPackage(z.string()),
      error_code: errorCode,
    }),
    sim_swap: pkg({
      last_sim_swap: f.optional(
        f.object({
          last_sim_swap_date: inPackage(f.dateTime()),
          swapped_period: inPackage(f.matching(/^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/)),
          swapped_in_period: inPackage(z.boolean()),
        }),
        true,
      ),
      carrier_name: inPackage(z.string()),
      mobile_country_code: mcc,
      mobile_network_code: mnc,
      error_code: errorCode,
    }),
    sms_pumping_risk: pkg({
      carrier_risk_category: inPackage(z.string()),
      number_blocked: inPackage(z.boolean()),
      number_blocked_date: inPackage(f.dateTime()),
      number_blocked_last_3_months: inPackage(z.boolean()),
      sms_pumping_risk_score: inPackage(z.number().int().min(0).max(100)),
      error_code: errorCode,
    }),
    call_forwarding: pkg({
      call_forwarding_enabled: inPackage(z.boolean()),
      error_code: errorCode,
    }),
    line_type_intelligence: pkg({
      mobile_country_code: mcc,
      mobile_network_code: mnc,
      carrier_name: inPackage(z.string()),
      type: inPackage(f.oneOf(LINE_TYPE)),
      error_code: errorCode,
    }),
    line_status: pkg({
      status: inPackage(f.oneOf(LINE_STATUS)),
      error_code: errorCode,
    }),
    // Packages this adapter never asks for: their shape is not read.
    identity_match: f.optional(z.unknown(), true),
    reassigned_number: f.optional(z.unknown(), true),
    phone_number_quality_score: f.optional(z.unknown(), true),
    pre_fill: f.optional(z.unknown(), true),
    url: f.unread(z.string()),
  };
}

function errorShape(f: Fields) {
  return {
    code: f.optional(z.number().int()),
    message: f.optional(z.string()),
    more_info: f.optional(z.string()),
    status: f.optional(z.number().int()),
  };
}

export function twilioSchemas(strength: Strength) {
  const f = new Fields(strength);
  return { lookup: f.object(lookupShape(f)), error: f.object(errorShape(f)) };
}

/** What the adapter accepts at run time. */
export const twilioAnswers = twilioSchemas("liberal");
export type TwilioLookup = z.infer<typeof twilioAnswers.lookup>;
