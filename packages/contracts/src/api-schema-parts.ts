import { z } from "zod";
import enServices from "../locales/en/services.json";
import { LOOKUP_KIND_CODES, type LookupKindCode, lookupsOf, serviceCodesWhere } from "./services";

/**
 * Pieces of the public API's answer schemas (public-api.ts) that the look-up kinds' schemas
 * (kinds/) share with the rest: for the OpenAPI document only, the routes do not serialise through
 * them.
 */

/**
 * An enumeration the product may extend: documented with every value known today plus `unknown`,
 * and flagged so generated clients keep unknown values instead of failing on them.
 */
export function openEnum(values: readonly string[], description: string) {
  const all = values.includes("unknown") ? values : [...values, "unknown"];
  return z.enum(all as [string, ...string[]]).meta(openEnumMeta(description));
}

export function openEnumMeta(description: string) {
  return {
    description: `${description} New values may be added at any time: accept values you do not know and treat them as \`unknown\`.`,
    "x-extensible-enum": true,
  };
}

export const dateTime = (description: string) =>
  z.string().meta({ description, format: "date-time", examples: ["2025-03-14T09:26:53.589Z"] });

export const LINE_TYPES = [
  "mobile",
  "fixed_line",
  "fixed_line_or_mobile",
  "voip",
  "toll_free",
  "premium_rate",
  "shared_cost",
  "uan",
  "personal",
  "pager",
  "voicemail",
  "unknown",
] as const;

export const CONNECTIVITIES = ["connected", "absent", "invalid_msisdn", "undetermined"] as const;

export const PORTED_STATUSES = [
  "ported",
  "not_ported",
  "assumed_ported",
  "assumed_not_ported",
  "unknown",
] as const;

export const DATA_SOURCES = ["live", "cache", "numbering_plan", "sandbox"] as const;

export const network = z
  .object({
    name: z
      .string()
      .nullable()
      .meta({ description: "Operator name.", examples: ["Verizon Wireless"] }),
    mcc: z
      .string()
      .nullable()
      .meta({ description: "Mobile country code.", examples: ["311"] }),
    mnc: z
      .string()
      .nullable()
      .meta({ description: "Mobile network code.", examples: ["480"] }),
    country: z
      .string()
      .nullable()
      .meta({ description: "ISO 3166-1 alpha-2 country.", examples: ["US"] }),
  })
  .meta({ id: "Network", description: "A mobile network operator." });

/** Who answered, as a customer may read it (docs/providers.md, "What customers see"). */
export const answeredBy = z.string().meta({
  description:
    "`live` for an answer from the network, `sandbox` for a test key's sample answer. The provider behind it is never named.",
});

/**
 * The words of each look-up kind's answer, in English: they live with the kind's other words in
 * the `services` catalogue (`api`), whose other languages translate the document
 * (docs/providers.md, "Look-up kinds").
 */
export const kindWords = Object.fromEntries(
  LOOKUP_KIND_CODES.map((kind) => [kind, enServices[kind].api]),
) as {
  [K in LookupKindCode]: (typeof enServices)[K]["api"];
};

/** Which services fill a kind's field of the result, in the kind's own words. */
export const presence = (kind: LookupKindCode) =>
  kindWords[kind].presence.replace(
    "{{services}}",
    serviceCodesWhere((s) => lookupsOf(s).includes(kind)),
  );

/** The fields every look-up kind's answer starts and ends with. */
export const lookedUp = (example: string) =>
  z.string().meta({ description: "The number looked up.", examples: [example] });
export const answerSource = () =>
  openEnum(DATA_SOURCES, "Where the answer came from (`cache`: a recent live answer reused).");
export const obtainedAt = () => dateTime("When the answer was obtained.");
