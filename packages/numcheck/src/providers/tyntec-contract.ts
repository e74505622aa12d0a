import { z } from "zod";
import { Fields, ISO3, MCC, MNC, type Strength } from "./contract-fields";

/**
 * tyntec Number Information (NIS) v1, as its published OpenAPI contract describes it: repository
 * tyntec/api-collection, file number-information/v1/openapi.yaml, info.version "1.0" (read at commit
 * 05712785f7f4). Written here from the contract's field list (docs/providers.md):
 *
 *   GET {server}/nis/v1/gnv?msisdn=+E164   Global Number Verification (live HLR)
 *   GET {server}/nis/v1/gnp?msisdn=+E164   Global Number Portability
 *   header "apiKey: <key>"; an optional callbackUrl makes the call asynchronous (never sent).
 *   200 GnvResponse / GnpResponse; 400, 401, 402 (credit balance not sufficient), 403, 500 Problem.
 *
 * No field is required by the contract. Flags (ported, roaming, presence) are strings
 * "true"/"false"/"unknown"; errorCode is a string ("0" = none); countries are ISO 3166 alpha-3.
 * tyntec's own published examples (testing/published/README.md) differ from these types: its
 * documentation page gives errorCode and the *TtId fields as numbers and spells the time zones
 * *Timezone, and both it and the contract's own example give synchronous as the string "true".
 * Even the contract strength takes every spelling tyntec has published, so that each published
 * example is a valid answer; the adapter reads only errorCode and synchronous of these, either way,
 * and the fields it never reads are not checked at run time at all.
 */
export const TYNTEC_CONTRACT = "tyntec number-information v1 openapi 1.0 (tyntec/api-collection@05712785)";
export const TYNTEC_SERVER_PATH = "/nis/v1";

const FLAG = ["true", "false", "unknown"] as const;
const TECHNOLOGY = [
  "GSM",
  "MVNO GSM",
  "GSM/CDMA",
  "Satellite",
  "CDMA",
  "iDen",
  "iDen/GSM",
  "Pager",
  "Fixed",
] as const;

function gnvShape(f: Fields) {
  const str = f.optional(z.string());
  const mcc = f.optional(f.matching(MCC));
  const mnc = f.optional(f.matching(MNC));
  const country = f.optional(f.matching(ISO3));
  // Fields the adapter never reads: their types are only the fixtures' business.
  const unread = f.unread(z.string());
  const technology = f.unread(f.oneOf(TECHNOLOGY));
  // tyntec's network ids: strings in the contract, numbers on its documentation page.
  const ttId = f.unread(f.code());
  return {
    requestId: unread,
    msisdn: unread,
    ported: f.optional(f.oneOf(FLAG)),
    roaming: f.optional(f.oneOf(FLAG)),
    presence: f.optional(f.oneOf(FLAG)),
    price: f.optional(f.numeric()),
    currency: str,
    priceEffective: unread,
    errorCode: f.optional(f.code()),
    // Number range holder: the network the number was first given to.
    nrhMCC: mcc,
    nrhMNC: mnc,
    nrhTtId: ttId,
    nrhOperator: str,
    nrhCountry: country,
    nrhTimeZone: unread,
    nrhTimezone: unread, // the documentation page's spelling
    nrhTechnology: technology,
    // Subscription network (from the IMSI): the network the subscriber is with now.
    imsiMCC: mcc,
    imsiMNC: mnc,
    imsi: unread,
    imsiTtId: ttId,
    imsiOperator: str,
    imsiCountry: country,
    imsiTimeZone: unread,
    imsiTimezone: unread, // the documentation page's spelling
    imsiTechnology: technology,
    // The HLR that answered (not read).
    hlrCC: unread,
    hlrNDC: unread,
    hlrMCC: f.unread(f.matching(MCC)),
    hlrMNC: f.unread(f.matching(MNC)),
    hlr: unread,
    hlrTtId: ttId,
    hlrOperator: unread,
    hlrCountry: f.unread(f.matching(ISO3)),
    hlrTimeZone: unread,
    hlrTimezone: unread, // the documentation page's spelling
    hlrTechnology: technology,
    // Serving MSC: the network the handset is on now (another one than the IMSI's when roaming).
    mscCC: unread,
    mscNDC: unread,
    mscMCC: mcc,
    mscMNC: mnc,
    msc: unread,
    mscTtId: ttId,
    mscOperator: str,
    mscCountry: country,
    mscTimeZone: unread,
    mscTimezone: unread, // the documentation page's spelling
    mscTechnology: technology,
    synchronous: f.optional(f.boolean()),
  };
}

function gnpShape(f: Fields) {
  const str = f.optional(z.string());
  const unread = f.unread(z.string());
  return {
    requestId: unread,
    msisdn: unread,
    ported: f.optional(f.oneOf(FLAG)),
    price: f.optional(f.numeric()),
    currency: str,
    priceEffective: unread,
    errorCode: f.optional(f.code()),
    // The operator serving the number now.
    mcc: f.optional(f.matching(MCC)),
    mnc: f.optional(f.matching(MNC)),
    ttid: f.unread(f.code()),
    operator: str,
    country: f.optional(f.matching(ISO3)),
    timezone: unread,
    technology: f.unread(f.oneOf(TECHNOLOGY)),
    synchronous: f.optional(f.boolean()),
  };
}

/** RFC 7807 problem: type, title, status and detail are required; the contract types status as a string. */
function problemShape(f: Fields) {
  const required = (schema: z.ZodType<string>) => (f.strict ? schema : schema.nullish());
  return {
    type: required(z.string()),
    title: required(z.string()),
    status: f.strict ? z.union([z.string(), z.number()]) : z.union([z.string(), z.number()]).nullish(),
    detail: required(z.string()),
  };
}

export function tyntecSchemas(strength: Strength) {
  const f = new Fields(strength);
  return {
    gnv: f.object(gnvShape(f)),
    gnp: f.object(gnpShape(f)),
    problem: z.looseObject(problemShape(f)),
  };
}

/** What the adapter accepts at run time. */
export const tyntecAnswers = tyntecSchemas("liberal");
export type GnvAnswer = z.infer<typeof tyntecAnswers.gnv>;
export type GnpAnswer = z.infer<typeof tyntecAnswers.gnp>;
