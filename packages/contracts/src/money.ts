/**
 * Money is held in integer micro-units of the currency (1 unit = 1,000,000 micros), as bigint on
 * the server and as decimal strings of micros on the wire; never as floating point.
 */
export const MICROS_PER_UNIT = 1_000_000n;

/**
 * The most a balance may hold: one trillion units of its currency. A credit that would pass it is
 * refused; with every amount below it too (twelve integer digits), no sum of a balance and an
 * amount comes near PostgreSQL's bigint limit (9.2e18 micros).
 */
export const BALANCE_MAX_MICROS = 1_000_000_000_000n * MICROS_PER_UNIT;

/** "12.5" -> 12500000n. Refuses more than six decimals, signs, exponents and empty input. */
export function parseAmountToMicros(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * MICROS_PER_UNIT + BigInt((match[2] ?? "").padEnd(6, "0"));
}

/** 12500000n -> "12.50" (at least two decimals, more only when they are not zero). */
export function microsToDecimal(micros: bigint | string): string {
  const value = typeof micros === "string" ? BigInt(micros) : micros;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const units = abs / MICROS_PER_UNIT;
  const fraction = (abs % MICROS_PER_UNIT)
    .toString()
    .padStart(6, "0")
    .replace(/0{1,4}$/, "");
  return `${negative ? "-" : ""}${units}.${fraction.padEnd(2, "0")}`;
}

/**
 * Currency formatters by locale, currency and decimals. Building an Intl.NumberFormat costs far more
 * than formatting with one (a page of prices built one per price; docs/performance.md,
 * "Lighthouse"), so each is built once. Few keys exist (four languages, a handful of currencies and
 * decimals); the map is emptied if a caller ever passes more.
 */
const currencyFormats = new Map<string, Intl.NumberFormat>();
const MAX_CURRENCY_FORMATS = 64;

function currencyFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (currencyFormats.size >= MAX_CURRENCY_FORMATS) currencyFormats.clear();
    currencyFormats.set(key, format);
  }
  return format;
}

/**
 * Amounts the server already formatted for the page, by locale, currency and micros. The first
 * Intl.NumberFormat a browser builds loads the language's number data (20-30 ms on a phone, in
 * the middle of hydration), so a page hydrates with the server's own strings and builds a
 * formatter only for an amount it did not render (docs/performance.md, "Less work between the
 * first paint and an interactive page").
 */
const renderedAmounts = new Map<string, string>();
let formattedObserver: ((key: string, text: string) => void) | undefined;

const amountKey = (micros: bigint | string, currency: string, locale: string) =>
  `${locale}|${currency}|${micros.toString()}`;

/** Takes the amounts the server formatted for this page (its `formattedMoney` record). */
export function reuseFormattedMoney(amounts: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(amounts ?? {})) {
    if (typeof text === "string") renderedAmounts.set(key, text);
  }
}

/** Tells `observer` each amount formatted from now on (the server records a page's amounts). */
export function observeFormattedMoney(observer: ((key: string, text: string) => void) | undefined): void {
  formattedObserver = observer;
}

/** Formats for people, in their language and the account's currency. */
export function formatMoney(micros: bigint | string, currency: string, locale: string): string {
  const key = amountKey(micros, currency, locale);
  const rendered = renderedAmounts.get(key);
  if (rendered !== undefined) return rendered;
  const decimal = microsToDecimal(micros);
  const digits = Math.max(2, decimal.split(".")[1]?.length ?? 2);
  let text: string;
  try {
    text = currencyFormat(locale, currency, digits).format(Number(decimal));
  } catch {
    text = `${decimal} ${currency}`;
  }
  formattedObserver?.(key, text);
  return text;
}
