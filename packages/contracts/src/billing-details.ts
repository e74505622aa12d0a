import { z } from "zod";

/**
 * An organisation's billing details, printed on its receipts and statements (docs/operations.md,
 * "Billing details, receipts and statements"), and the one table of VAT and tax number formats
 * by country that both the form and the server check against.
 */

/** The countries an organisation may be billed in: ISO 3166-1 alpha-2, and XK (Kosovo). */
export const BILLING_COUNTRIES: readonly string[] =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW".split(
    " ",
  );

/** A tax number of a country missing from the table is free text up to this length. */
export const TAX_ID_MAX = 40;

/**
 * What a tax number of one country looks like once spaces, dots, dashes and slashes are taken out
 * and letters are upper case. `example` is shown in the error; `check` tests check digits where
 * the number has them. EU VAT numbers may be written with or without their country prefix.
 */
interface TaxIdRule {
  pattern: RegExp;
  example: string;
  check?: (plain: string) => boolean;
}

/** An EU (or alike) VAT number: the prefix is optional when typed, the body must match. */
const vat = (prefix: string, body: string, example: string): TaxIdRule => ({
  pattern: new RegExp(`^(?:${prefix})?(?:${body})$`),
  example,
});

const digits = (plain: string) => plain.replace(/\D/g, "").split("").map(Number);

/** Brazil's CPF (11 digits) and CNPJ (14 digits): two mod-11 check digits each. */
function brazilCheck(plain: string): boolean {
  const d = digits(plain);
  if (new Set(d).size === 1) return false;
  const digit = (weights: number[]) => {
    const sum = weights.reduce((acc, w, i) => acc + w * (d[i] ?? 0), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  if (d.length === 11) {
    const first = digit([10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const second = digit([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return first === d[9] && second === d[10];
  }
  const first = digit([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === d[12] && second === d[13];
}

/** China's unified social credit code (GB 32100-2015): the 18th character checks the first 17. */
const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
function chinaCheck(plain: string): boolean {
  let sum = 0;
  let weight = 1;
  for (let i = 0; i < 17; i++) {
    sum += USCC_CHARS.indexOf(plain[i] ?? "") * weight;
    weight = (weight * 3) % 31;
  }
  const expected = (31 - (sum % 31)) % 31;
  return USCC_CHARS[expected] === plain[17];
}

/** Spain's NIF: a DNI or NIE ends with the letter of its number mod 23; a company's CIF is checked by form. */
const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
function spainCheck(plain: string): boolean {
  const body = plain.startsWith("ES") && plain.length === 11 ? plain.slice(2) : plain;
  if (/^[ABCDEFGHJNPQRSUVW]/.test(body)) return true;
  const number = Number(body.slice(0, 8).replace(/^X/, "0").replace(/^Y/, "1").replace(/^Z/, "2"));
  return NIF_LETTERS[number % 23] === body[8];
}

export const TAX_ID_RULES: Record<string, TaxIdRule> = {
  // European Union VAT numbers (the prefix of Greece is EL).
  AT: vat("AT", "U\\d{8}", "ATU12345678"),
  BE: vat("BE", "[01]\\d{9}", "BE0123456789"),
  BG: vat("BG", "\\d{9,10}", "BG123456789"),
  CY: vat("CY", "\\d{8}[A-Z]", "CY12345678X"),
  CZ: vat("CZ", "\\d{8,10}", "CZ12345678"),
  DE: vat("DE", "\\d{9}", "DE123456789"),
  DK: vat("DK", "\\d{8}", "DK12345678"),
  EE: vat("EE", "\\d{9}", "EE123456789"),
  GR: vat("EL", "\\d{9}", "EL123456789"),
  FI: vat("FI", "\\d{8}", "FI12345678"),
  FR: vat("FR", "[0-9A-Z]{2}\\d{9}", "FR12345678901"),
  HR: vat("HR", "\\d{11}", "HR12345678901"),
  HU: vat("HU", "\\d{8}", "HU12345678"),
  IE: vat("IE", "\\d{7}[A-W][A-I]?|\\d[A-Z+*]\\d{5}[A-W]", "IE1234567T"),
  IT: vat("IT", "\\d{11}", "IT12345678901"),
  LT: vat("LT", "\\d{9}|\\d{12}", "LT123456789"),
  LU: vat("LU", "\\d{8}", "LU12345678"),
  LV: vat("LV", "\\d{11}", "LV12345678901"),
  MT: vat("MT", "\\d{8}", "MT12345678"),
  NL: vat("NL", "\\d{9}B\\d{2}", "NL123456789B01"),
  PL: vat("PL", "\\d{10}", "PL1234567890"),
  PT: vat("PT", "\\d{9}", "PT123456789"),
  RO: vat("RO", "\\d{2,10}", "RO1234567"),
  SE: vat("SE", "\\d{10}01", "SE123456789001"),
  SI: vat("SI", "\\d{8}", "SI12345678"),
  SK: vat("SK", "\\d{10}", "SK1234567890"),
  // Spain: a VAT number (ES + NIF) or the NIF alone: DNI, NIE or a company's CIF.
  ES: {
    pattern: /^(?:ES)?(?:\d{8}[A-Z]|[XYZ]\d{7}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])$/,
    example: "B12345674",
    check: spainCheck,
  },
  // Elsewhere in Europe.
  GB: vat("GB", "\\d{9}|\\d{12}|GD[0-4]\\d{2}|HA[5-9]\\d{2}", "GB123456789"),
  CH: { pattern: /^CHE\d{9}(?:MWST|TVA|IVA)?$/, example: "CHE-123.456.789 MWST" },
  NO: { pattern: /^(?:NO)?\d{9}(?:MVA)?$/, example: "NO123456789MVA" },
  // The Americas.
  US: { pattern: /^\d{9}$/, example: "12-3456789" },
  CA: { pattern: /^\d{9}(?:RT\d{4})?$/, example: "123456789RT0001" },
  MX: { pattern: /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, example: "ABC680524P76" },
  BR: { pattern: /^(?:\d{11}|\d{14})$/, example: "11.222.333/0001-81", check: brazilCheck },
  AR: { pattern: /^\d{11}$/, example: "20-12345678-6" },
  CL: { pattern: /^\d{7,8}[0-9K]$/, example: "12.345.678-5" },
  CO: { pattern: /^\d{9,10}$/, example: "900123456-7" },
  // Asia and Oceania.
  CN: {
    pattern: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/,
    example: "91350100M000100Y43",
    check: chinaCheck,
  },
  IN: { pattern: /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, example: "22AAAAA0000A1Z5" },
  JP: { pattern: /^T\d{13}$/, example: "T1234567890123" },
  KR: { pattern: /^\d{10}$/, example: "123-45-67890" },
  SG: {
    pattern: /^(?:M\d-?\d{7}-?[0-9A-Z]|\d{8,9}[A-Z]|[RST]\d{2}[A-Z]{2}\d{4}[A-Z])$/,
    example: "M2-1234567-8",
  },
  HK: { pattern: /^\d{8}$/, example: "12345678" },
  AU: { pattern: /^\d{11}$/, example: "51 824 753 556" },
  NZ: { pattern: /^\d{8,9}$/, example: "123-456-789" },
};

/** The form a tax number is checked in: upper case, without spaces, dots, dashes or slashes. */
export const plainTaxId = (text: string) => text.toUpperCase().replace(/[\s.\-/]/g, "");

/**
 * Why a tax number does not fit its country, or null when it does: `tax_id_format` (with the
 * example to follow), `tax_id_check_digit`, or `too_long` for a country without a rule.
 */
export function taxIdFault(
  country: string,
  text: string,
): {
  reason: "tax_id_format" | "tax_id_check_digit" | "too_long";
  params: Record<string, string | number>;
} | null {
  const rule = TAX_ID_RULES[country.toUpperCase()];
  if (!rule) return text.length > TAX_ID_MAX ? { reason: "too_long", params: { max: TAX_ID_MAX } } : null;
  const plain = plainTaxId(text);
  if (!rule.pattern.test(plain)) return { reason: "tax_id_format", params: { example: rule.example } };
  if (rule.check && !rule.check(plain)) return { reason: "tax_id_check_digit", params: {} };
  return null;
}

const line = (max: number) => z.string().trim().min(1).max(max);
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * PUT /api/tenant/account/billing-details. The tax number's format is checked by the service
 * against the country (taxIdFault), so its error can name the example to follow.
 */
export const billingDetailsBody = z.object({
  legalName: line(200),
  addressLine1: line(200),
  addressLine2: optionalLine(200),
  city: line(100),
  postalCode: optionalLine(20),
  region: optionalLine(100),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: "invalid_format" })
    .transform((v) => v.toUpperCase())
    .refine((v) => BILLING_COUNTRIES.includes(v), { error: "invalid_value" }),
  taxId: optionalLine(TAX_ID_MAX * 2),
});
export type BillingDetailsBody = z.input<typeof billingDetailsBody>;

export interface BillingDetails {
  legalName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postalCode: string | null;
  region: string | null;
  country: string;
  taxId: string | null;
  updatedAt: string;
}

/** A statement's month, YYYY-MM, its days in the organisation's time zone. */
export const statementMonthParams = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "invalid_format" }),
});

/** GET /api/tenant/account/statements: the months with a statement, newest first. */
export interface StatementMonths {
  months: string[];
}
