import type { PrefixEntry } from "./prefix";

/**
 * High-risk destinations for international revenue-share fraud (IRSF): ranges where a call or SMS
 * (e.g. a verification code) earns the fraudster a share of the termination fee.
 *
 * STARTER LIST, compiled 2026-11-22, to be maintained (review at least quarterly). Source: the
 * destinations that recur on commonly published IRSF "hot lists" — the CFCA Global Fraud Loss
 * Survey's top IRSF destinations, GSMA fraud-forum guidance, and the "high-risk destinations" /
 * geo-permission guidance published by carriers and CPaaS providers for SMS-pumping and toll
 * fraud — together with the ITU-T E.164 assignments for the satellite and international-network
 * codes. It is not an authoritative or exhaustive list: ranges move as fraudsters and operators do.
 * To change it, edit this array (prefix in "+digits" form) and note the reason in the comment.
 */
export interface IrsfPrefix extends PrefixEntry {
  /** ISO-2 where there is one; a short label for non-geographic codes. */
  country: string;
  note: string;
}

export const IRSF_PREFIXES: readonly IrsfPrefix[] = [
  // Satellite and international networks (ITU-T E.164 non-geographic codes).
  { prefix: "+8816", country: "Iridium", note: "satellite (Iridium)" },
  { prefix: "+8817", country: "Iridium", note: "satellite (Iridium)" },
  { prefix: "+870", country: "Inmarsat", note: "satellite (Inmarsat SNAC)" },
  { prefix: "+882", country: "International Networks", note: "international networks, shared code" },
  { prefix: "+883", country: "International Networks", note: "international networks, shared code" },
  // Small-island and Pacific destinations with high termination rates.
  { prefix: "+672", country: "NF", note: "Norfolk Island / Australian Antarctic Territory" },
  { prefix: "+674", country: "NR", note: "Nauru" },
  { prefix: "+675", country: "PG", note: "Papua New Guinea" },
  { prefix: "+677", country: "SB", note: "Solomon Islands" },
  { prefix: "+678", country: "VU", note: "Vanuatu" },
  { prefix: "+682", country: "CK", note: "Cook Islands" },
  { prefix: "+683", country: "NU", note: "Niue" },
  { prefix: "+686", country: "KI", note: "Kiribati" },
  { prefix: "+688", country: "TV", note: "Tuvalu" },
  { prefix: "+690", country: "TK", note: "Tokelau" },
  { prefix: "+691", country: "FM", note: "Micronesia" },
  { prefix: "+692", country: "MH", note: "Marshall Islands" },
  { prefix: "+960", country: "MV", note: "Maldives" },
  { prefix: "+239", country: "ST", note: "São Tomé and Príncipe" },
  { prefix: "+247", country: "AC", note: "Ascension Island" },
  { prefix: "+290", country: "SH", note: "Saint Helena" },
  // Caribbean.
  { prefix: "+53", country: "CU", note: "Cuba" },
  // Baltic premium-rate ranges (the rest of these countries' numbers are not listed).
  { prefix: "+37190", country: "LV", note: "Latvia premium rate (90x)" },
  { prefix: "+3709", country: "LT", note: "Lithuania premium rate (9xx)" },
  { prefix: "+372900", country: "EE", note: "Estonia premium rate (900)" },
  // West and East Africa.
  { prefix: "+220", country: "GM", note: "Gambia" },
  { prefix: "+222", country: "MR", note: "Mauritania" },
  { prefix: "+224", country: "GN", note: "Guinea" },
  { prefix: "+231", country: "LR", note: "Liberia" },
  { prefix: "+232", country: "SL", note: "Sierra Leone" },
  { prefix: "+245", country: "GW", note: "Guinea-Bissau" },
  { prefix: "+252", country: "SO", note: "Somalia" },
];
