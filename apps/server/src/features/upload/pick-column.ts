import { normalise } from "@nc/numcheck/normalise";

export interface ColumnInfo {
  index: number;
  /** The header text, or "" without a header (the UI labels it "Column A"). */
  name: string;
  /** Up to 5 values from the data rows, for the column picker. */
  samples: string[];
  /** Share (0..1) of the sampled data rows whose value in this column reads as a phone number. */
  phoneLike: number;
}

const SAMPLE_VALUES = 5;
/** Wider files exist (exports with hundreds of fields) but the numbers are never that far right. */
const MAX_COLUMNS = 256;
/** A later row counts as "looking like numbers" from this share of phone-like cells in a column. */
const DATA_SHARE = 0.5;

/** Header words for the phone column in the languages we serve, matched anywhere in the cell. */
const HEADER_WORDS =
  /phone|mobile|msisdn|number|numero|número|telefon|teléfono|telemóvel|celular|móvil|movil|whatsapp|电话|電話|手机|手機|号码|號碼/i;
/** Short words that are only header words on their own ("tel", "Mob."), not inside "hotel". */
const SHORT_HEADER_WORDS = /(?:^|[^\p{L}])(?:tel|cell|mob|fone|no)(?:[^\p{L}]|$)/iu;
/** Dates are digits too; without a country they would otherwise pass for national numbers. */
const DATE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}(?:[ T].*)?$/;

/**
 * Reads the first rows of an upload (up to 50) and proposes what to check: whether row 0 is a
 * header (its cells do not read as numbers while later rows' do, or it names the phone column),
 * the columns with samples, and the most phone-like column.
 */
export function pickColumn(
  sample: string[][],
  defaultCountry?: string,
): { header: boolean; column: number; columns: ColumnInfo[] } {
  const width = Math.min(
    MAX_COLUMNS,
    sample.reduce((max, row) => Math.max(max, row.length), 0),
  );
  const looksLike = (value: string) => value !== "" && isPhoneLike(value, defaultCountry);
  const scores = (rows: string[][]) =>
    Array.from({ length: width }, (_, index) =>
      rows.length === 0 ? 0 : rows.filter((row) => looksLike(row[index] ?? "")).length / rows.length,
    );

  const first = sample[0] ?? [];
  const firstHasNumber = first.some(looksLike);
  const laterScores = scores(sample.slice(1));
  const header =
    sample.length > 0 &&
    !firstHasNumber &&
    (first.some(isHeaderWord) || laterScores.some((share) => share >= DATA_SHARE));

  const data = header ? sample.slice(1) : sample;
  const dataScores = header ? laterScores : scores(sample);
  const columns: ColumnInfo[] = dataScores.map((phoneLike, index) => ({
    index,
    name: header ? (first[index] ?? "") : "",
    samples: data
      .map((row) => row[index] ?? "")
      .filter((value) => value !== "")
      .slice(0, SAMPLE_VALUES),
    phoneLike,
  }));

  let column = 0;
  for (const info of columns) if (info.phoneLike > (columns[column]?.phoneLike ?? 0)) column = info.index;
  // No phone-like column: a header naming one is the next best hint.
  if (header && (columns[column]?.phoneLike ?? 0) === 0) {
    const named = first.findIndex(isHeaderWord);
    if (named !== -1 && named < width) column = named;
  }
  return { header, column, columns };
}

function isHeaderWord(cell: string): boolean {
  return HEADER_WORDS.test(cell) || SHORT_HEADER_WORDS.test(cell);
}

/**
 * A value the number engine can make a number of: a full international number, one valid or
 * well-formed for the default country (quoted or labelled too), a spreadsheet's rounded 4.41E+11,
 * a cell holding two numbers (refused row by row, but a phone column all the same), or, with no country to
 * judge by, a national-looking run of 7 to 15 digits that is not a date.
 */
function isPhoneLike(value: string, defaultCountry: string | undefined): boolean {
  const result = normalise(value, { defaultCountry });
  if (result.e164 !== null) return true;
  if (result.invalidReason === "precision_lost" || result.invalidReason === "multiple_numbers") return true;
  if (result.invalidReason !== "no_country" || DATE.test(value.trim())) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}
