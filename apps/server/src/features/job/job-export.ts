import { KIND_FIELDS, type SingleCheckResultView } from "@nc/contracts/detection-single";
import { LOOKUP_KIND_ANSWERS } from "@nc/contracts/kinds/index";
import { type KindColumns, networkName, text, tri } from "@nc/contracts/kinds/kind-columns";
import type { Locale } from "@nc/contracts/locales";
import { microsToDecimal } from "@nc/contracts/money";
import { LOOKUP_KIND_CODES, type LookupKindCode, type ServiceCode } from "@nc/contracts/services";
import { type ColumnKey, columnHeaders, sheetName } from "../../export/export-headers";
import { csvStream, xlsxStream } from "../../export/table-export";
import { translate } from "../../i18n/translate";
import { NEEDS } from "../detection/index";
import { fileColumnsReader } from "./file-columns";
import { jobItems } from "./job-items";
import type { ItemFilter, ItemRow, JobRepo, JobRow } from "./job-repo";

const PAGE = 2_000;

/**
 * A column of the results file: its name, the catalogue key of its header, and how to read it from
 * an item. Common columns are named in the `exports` catalogue; a look-up kind's columns with the
 * rest of the kind's words, under `columns` of the service of the kind's code (`services`
 * catalogue), so a new kind's words are in one catalogue per language.
 */
interface Column {
  key: string;
  header: string;
  value(item: ItemRow, r: SingleCheckResultView | null, locale: Locale): string;
}

type Read = Column["value"];
const common = (key: ColumnKey, value: Read): Column => ({ key, header: `exports:columns.${key}`, value });
const ofKind = (kind: LookupKindCode, key: string, value: Read): Column => ({
  key,
  header: `services:${kind}.columns.${key}`,
  value,
});

/**
 * Why a row was not checked, in the reader's language: a rejected row's reason ("duplicate",
 * "invalid:too_short", "cancelled") or a check that failed. A reason the catalogue does not know
 * stays its code rather than an empty cell.
 */
export function reasonText(locale: Locale, item: Pick<ItemRow, "status" | "reject_reason">): string {
  const code = item.status === "failed" ? "failed" : item.reject_reason;
  if (!code) return "";
  const key = `exports:reasons.${code.replace(/^invalid:/, "")}`;
  const said = translate(locale, key);
  return said === key ? code : said;
}

const COMMON: Column[] = [
  common("row", (i) => String(i.seq + 1)),
  common("input", (i) => i.input),
  common("e164", (i) => text(i.e164)),
  common("status", (i) => i.status),
  common("reason", (i, _r, locale) => reasonText(locale, i)),
  common("valid", (_i, r) => tri(r !== null, r?.basic.valid)),
  common("lineType", (_i, r) => text(r?.basic.lineType)),
  common("country", (_i, r) => text(r?.basic.country?.iso2)),
  common("dialCode", (_i, r) => text(r?.basic.country?.dialCode)),
  common("internationalFormat", (_i, r) => text(r?.basic.formats?.international)),
  common("nationalFormat", (_i, r) => text(r?.basic.formats?.national)),
  common("originalCarrier", (_i, r) => networkName(r?.basic.originalCarrier)),
  common("region", (_i, r) => text(r?.basic.region)),
  common("timeZones", (_i, r) => (r?.basic.timeZones ?? []).join(" ")),
];

const FRAUD: Column[] = [
  common("riskScore", (_i, r) => text(r?.fraud?.score)),
  common("riskLevel", (_i, r) => text(r?.fraud?.level)),
  common("recommendation", (_i, r) => text(r?.fraud?.recommendation)),
  common("riskReasons", (_i, r) => (r?.fraud?.reasons ?? []).map((x) => x.code).join(" ")),
];

/**
 * The columns each look-up kind adds (its answer's file in contracts' kinds/), read from the
 * kind's field of the result.
 */
const KIND_COLUMNS = Object.fromEntries(
  LOOKUP_KIND_CODES.map((kind) => {
    const columns: KindColumns<unknown> = LOOKUP_KIND_ANSWERS[kind].columns as KindColumns<unknown>;
    return [
      kind,
      columns.map(([key, cell]) => ofKind(kind, key, (_i, r) => cell(r?.[KIND_FIELDS[kind]] ?? null))),
    ];
  }),
) as Record<LookupKindCode, Column[]>;

const COST = common("cost", (i) => microsToDecimal(i.cost_micros));

/** The columns of a service's results file: what every check has, then what the service adds. */
export function resultColumns(service: ServiceCode): Column[] {
  const needs = NEEDS[service];
  return [
    ...COMMON,
    ...needs.lookups.flatMap((kind) => KIND_COLUMNS[kind]),
    ...(needs.fraud ? FRAUD : []),
    COST,
  ];
}

const REJECTED_COLUMNS: ColumnKey[] = ["row", "input", "reason"];

/**
 * What of a job a download reads: its items (and their price), and of an uploaded file the
 * number's column and the kept columns.
 */
export type ExportedJob = Pick<
  JobRow,
  "id" | "service" | "unit_price_micros" | "file_column" | "file_columns"
>;

/** Every matching item in seq order (job-items.ts), PAGE rows at a time. */
function allItems(repo: JobRepo, tenantId: string, job: ExportedJob, filter: ItemFilter) {
  return jobItems(repo, tenantId, job, filter, { pageSize: PAGE });
}

/**
 * Rows of `items` (in seq order) as `cells` makes them, after the customer's own columns when the
 * job kept them: the file's header and each row as it was, our columns appended beside them.
 */
function withFileColumns(
  repo: JobRepo,
  tenantId: string,
  job: ExportedJob,
  header: string[],
  items: AsyncIterable<ItemRow>,
  cells: (item: ItemRow) => string[],
) {
  const kept = job.file_columns;
  const reader = kept
    ? fileColumnsReader(kept, job.file_column ?? 0, (seq) => repo.columnsChunkFrom(tenantId, job.id, seq))
    : null;
  async function* rows() {
    for await (const item of items)
      yield reader ? [...(await reader.row(item.seq, item.input)), ...cells(item)] : cells(item);
  }
  return { header: reader ? [...reader.header(), ...header] : header, rows: rows() };
}

/** Header and rows of a job's results (filtered), ready for csvStream / xlsxStream. */
export function resultRows(
  repo: JobRepo,
  tenantId: string,
  job: ExportedJob & { service: ServiceCode },
  filter: ItemFilter,
  locale: Locale,
) {
  const columns = resultColumns(job.service);
  const header = columns.map((c) => translate(locale, c.header));
  return withFileColumns(repo, tenantId, job, header, allItems(repo, tenantId, job, filter), (item) => {
    const result = item.status === "done" ? (item.result as SingleCheckResultView) : null;
    return columns.map((c) => c.value(item, result, locale));
  });
}

/** The rejected rows (duplicates, invalid, cancelled, failed) with the reason, for correcting. */
export function rejectedRows(repo: JobRepo, tenantId: string, job: ExportedJob, locale: Locale) {
  return withFileColumns(
    repo,
    tenantId,
    job,
    columnHeaders(locale, REJECTED_COLUMNS),
    allItems(repo, tenantId, job, { status: "rejected" }),
    (item) => [String(item.seq + 1), item.input, reasonText(locale, item)],
  );
}

/** A job's results (filtered) or its rejected rows, as a CSV or XLSX stream, headers in `locale`. */
export function jobFile(
  format: "csv" | "xlsx",
  repo: JobRepo,
  tenantId: string,
  job: ExportedJob & { service: ServiceCode },
  options: { filter?: ItemFilter; rejected?: boolean; locale: Locale },
) {
  const table = options.rejected
    ? rejectedRows(repo, tenantId, job, options.locale)
    : resultRows(repo, tenantId, job, options.filter ?? {}, options.locale);
  return format === "csv"
    ? csvStream(table.header, table.rows)
    : xlsxStream(
        sheetName(options.locale, options.rejected ? "rejected" : "results"),
        table.header,
        table.rows,
      );
}
