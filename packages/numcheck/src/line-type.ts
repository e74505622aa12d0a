/** libphonenumber's number types -> our LineType (its names, lower-cased; anything new -> unknown). */
import type { NumberType } from "libphonenumber-js/max";
import type { LineType } from "./types";

const LINE_TYPES: Record<NonNullable<NumberType>, LineType> = {
  MOBILE: "mobile",
  FIXED_LINE: "fixed_line",
  FIXED_LINE_OR_MOBILE: "fixed_line_or_mobile",
  VOIP: "voip",
  TOLL_FREE: "toll_free",
  PREMIUM_RATE: "premium_rate",
  SHARED_COST: "shared_cost",
  UAN: "uan",
  PERSONAL_NUMBER: "personal",
  PAGER: "pager",
  VOICEMAIL: "voicemail",
};

export function toLineType(type: NumberType): LineType {
  return (type && LINE_TYPES[type]) ?? "unknown";
}

/** Types that are (or may be) a mobile subscription: an HLR can answer, carrier data applies. */
export function isMobileLike(type: LineType): boolean {
  return type === "mobile" || type === "fixed_line_or_mobile";
}
