import type { PrefixEntry } from "./prefix";

/**
 * Known virtual / disposable number ranges: ranges a national numbering plan sets aside for
 * location-independent VoIP, "personal" follow-me numbers or similar, which are cheap to obtain in
 * bulk and popular for throw-away sign-ups. Used only by the enhanced score.
 *
 * STARTER LIST, compiled 2026-11-22, to be maintained. Sources: the national numbering plans —
 * Ofcom National Telephone Numbering Plan (UK 056 VoIP, 070 personal numbering), ACM Nummerplan
 * (NL 084 / 085 location-independent), Bundesnetzagentur (DE 032 national subscriber numbers),
 * ARCEP plan de numérotation (FR 09 non-geographic, mostly VoIP box numbers). Many virtual mobile
 * numbers (e.g. US/CA VoIP apps) share ordinary geographic ranges and cannot be found by prefix:
 * for those see VIRTUAL_NETWORK_NAMES, matched against the live network an HLR/MNP reports.
 */
export interface VirtualPrefix extends PrefixEntry {
  country: string;
  note: string;
}

export const VIRTUAL_PREFIXES: readonly VirtualPrefix[] = [
  { prefix: "+4456", country: "GB", note: "Ofcom: 056 location-independent VoIP" },
  { prefix: "+4470", country: "GB", note: "Ofcom: 070 personal numbering (follow-me)" },
  { prefix: "+3184", country: "NL", note: "ACM: 084 location-independent (fax/voicemail)" },
  { prefix: "+3185", country: "NL", note: "ACM: 085 location-independent (VoIP)" },
  { prefix: "+4932", country: "DE", note: "BNetzA: 032 national subscriber numbers (VoIP)" },
  { prefix: "+339", country: "FR", note: "ARCEP: 09 non-geographic (VoIP)" },
];

/**
 * Lower-case fragments of operator names that mainly sell virtual / app numbers, as reported in the
 * current-network field of HLR/MNP answers (commonly cited CPaaS and VoIP-app carriers). Starter
 * list, 2026-11-22, to be maintained.
 */
export const VIRTUAL_NETWORK_NAMES: readonly string[] = [
  "twilio",
  "bandwidth",
  "telnyx",
  "plivo",
  "textnow",
  "pinger",
  "google voice",
  "onvoy",
  "inteliquent",
  "voxbone",
  "sinch",
];
