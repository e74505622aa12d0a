import { iso2FromIso3 } from "../iso3";
import type { Network, ProviderCost, TriState } from "../types";
import { countryOfMcc } from "./mcc";

/**
 * Small pieces every live adapter needs to turn a provider's answer into ours (docs/providers.md):
 * trimmed text, "true"/"false"/"unknown" flags, networks with an ISO-2 country, and costs as
 * decimal strings (money is never a float here).
 */

/** A trimmed string, or null when absent or blank. */
export function text(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === "" ? null : s;
}

/** "true"/"false" (any case) or a boolean; anything else ("unknown", absent) cannot tell. */
export function flag(value: string | boolean | null | undefined): TriState {
  if (value === true || value === false) return value;
  const s = value?.trim().toLowerCase();
  return s === "true" ? true : s === "false" ? false : null;
}

/** ISO-2 of a provider's country: alpha-2 or alpha-3 as given, else the MCC's country. */
export function countryOf(country: string | null | undefined, mcc: string | null): string | null {
  const c = text(country)?.toUpperCase() ?? null;
  if (c && /^[A-Z]{2}$/.test(c)) return c;
  if (c && /^[A-Z]{3}$/.test(c)) return iso2FromIso3(c) ?? countryOfMcc(mcc);
  return countryOfMcc(mcc);
}

/** A network from its parts, or null when the provider named none of them. */
export function networkOf(parts: {
  name?: string | null;
  mcc?: string | null;
  mnc?: string | null;
  country?: string | null;
}): Network | null {
  const name = text(parts.name);
  const mcc = text(parts.mcc);
  const mnc = text(parts.mnc);
  if (!name && !mcc && !mnc) return null;
  return { name, mcc, mnc, country: countryOf(parts.country, mcc) };
}

/** "26202" (MCC and MNC run together, as Vonage writes them) split into its parts. */
export function splitMccMnc(code: string | null | undefined): { mcc: string | null; mnc: string | null } {
  const digits = text(code);
  if (!digits || !/^\d{5,6}$/.test(digits)) return { mcc: null, mnc: null };
  return { mcc: digits.slice(0, 3), mnc: digits.slice(3) };
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative price as a plain decimal string ("0.001", never "1e-3"), or null. */
export function decimalOf(value: number | string | null | undefined): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    // Twelve places cover every per-request price; the zeros after the last digit are dropped.
    return value.toFixed(12).replace(/\.?0+$/, "");
  }
  const s = text(value);
  return s && DECIMAL.test(s) ? s : null;
}

/** What a look-up cost, or null when the provider did not say (or said something unreadable). */
export function costOf(
  amount: number | string | null | undefined,
  currency: string | null | undefined,
): ProviderCost | null {
  const decimal = decimalOf(amount);
  const code = text(currency)?.toUpperCase();
  if (decimal === null || !code || !/^[A-Z]{3}$/.test(code)) return null;
  return { amount: decimal, currency: code };
}

/** a − b for decimal strings, exactly (never below zero); null when either is not a decimal. */
export function subtractDecimal(a: string, b: string): string | null {
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return null;
  const places = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0);
  const scaled = (s: string) => {
    const [whole = "0", fraction = ""] = s.split(".");
    return BigInt(whole + fraction.padEnd(places, "0"));
  };
  let diff = scaled(a) - scaled(b);
  if (diff < 0n) diff = 0n;
  const digits = diff.toString().padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A caller type as ours: Twilio writes "CONSUMER" and "BUSINESS", Vonage "consumer", "business"
 * and "unknown"; anything else is not said.
 */
export function callerTypeOf(value: string | null | undefined): "business" | "consumer" | null {
  const type = text(value)?.toLowerCase();
  return type === "business" || type === "consumer" ? type : null;
}
