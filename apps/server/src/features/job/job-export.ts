import type { NetworkView, SingleCheckResultView } from "@nc/contracts/detection-single";
import type { Locale } from "@nc/contracts/locales";
import { microsToDecimal } from "@nc/contracts/money";
import type { LookupKindCode, ServiceCode } from "@nc/contracts/services";
import { type ColumnKey, columnHeaders, sheetName } from "../../export/export-headers";
import { csvStream, xlsxStream } from "../../export/table-export";
import { translate } from "../../i18n/translate";
import { NEEDS } from "../detection/index";
import { fileColumnsReader } from "./file-columns";
import { jobItems } from "./job-items";
import type { ItemFilter, ItemRow, JobRepo, JobRow } from "./job-repo";

const PAGE = 2_000;

/** A column of the results file: its name (translated for the header) and how to read it from an item. */
interface Column {
  key: ColumnKey;
  value(item: ItemRow, r: SingleCheckResultView | null, locale: Locale): string;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const tri = (v: boolean | null | undefined) => (v === true ? "yes" : v === false ? "no" : "unknown");
const network = (n: NetworkView | null | undefined) => text(n?.name);

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
  { key: "row", value: (i) => String(i.seq + 1) },
  { key: "input", value: (i) => i.input },
  { key: "e164", value: (i) => text(i.e164) },
  { key: "status", value: (i) => i.status },
  { key: "reason", value: (i, _r, locale) => reasonText(locale, i) },
  { key: "valid", value: (_i, r) => (r ? tri(r.basic.valid) : "") },
  { key: "lineType", value: (_i, r) => text(r?.basic.lineType) },
  { key: "country", value: (_i, r) => text(r?.basic.country?.iso2) },
  { key: "dialCode", value: (_i, r) => text(r?.basic.country?.dialCode) },
  { key: "internationalFormat", value: (_i, r) => text(r?.basic.formats?.international) },
  { key: "nationalFormat", value: (_i, r) => text(r?.basic.formats?.national) },
  { key: "originalCarrier", value: (_i, r) => network(r?.basic.originalCarrier) },
  { key: "region", value: (_i, r) => text(r?.basic.region) },
  { key: "timeZones", value: (_i, r) => (r?.basic.timeZones ?? []).join(" ") },
];

const HLR: Column[] = [
  { key: "connectivity", value: (_i, r) => text(r?.hlr?.connectivity) },
  { key: "errorCode", value: (_i, r) => text(r?.hlr?.error?.code) },
  { key: "errorName", value: (_i, r) => text(r?.hlr?.error?.name) },
  { key: "currentNetwork", value: (_i, r) => network(r?.hlr?.currentNetwork) },
  { key: "mcc", value: (_i, r) => text(r?.hlr?.currentNetwork?.mcc) },
  { key: "mnc", value: (_i, r) => text(r?.hlr?.currentNetwork?.mnc) },
  { key: "roaming", value: (_i, r) => (r?.hlr ? tri(r.hlr.roaming.roaming) : "") },
  { key: "roamingCountry", value: (_i, r) => text(r?.hlr?.roaming.country) },
  { key: "ported", value: (_i, r) => (r?.hlr ? tri(r.hlr.ported) : "") },
  { key: "hlrSource", value: (_i, r) => text(r?.hlr?.source) },
];

const MNP: Column[] = [
  { key: "portingStatus", value: (_i, r) => text(r?.mnp?.ported) },
  { key: "currentNetworkMnp", value: (_i, r) => network(r?.mnp?.currentNetwork) },
  { key: "originalNetworkMnp", value: (_i, r) => network(r?.mnp?.originalNetwork) },
  { key: "mnpSource", value: (_i, r) => text(r?.mnp?.source) },
];

const LINE_TYPE: Column[] = [
  { key: "liveLineType", value: (_i, r) => text(r?.lineType?.lineType) },
  { key: "lineTypeCarrier", value: (_i, r) => network(r?.lineType?.carrier) },
  { key: "lineTypeSource", value: (_i, r) => text(r?.lineType?.source) },
];

const SIM_SWAP: Column[] = [
  { key: "simSwapped", value: (_i, r) => (r?.simSwap ? tri(r.simSwap.swapped) : "") },
  { key: "lastSimSwap", value: (_i, r) => text(r?.simSwap?.lastSwapAt) },
  { key: "simSwapPeriodHours", value: (_i, r) => text(r?.simSwap?.withinHours) },
  { key: "simSwapSource", value: (_i, r) => text(r?.simSwap?.source) },
];

const SMS_PUMPING_RISK: Column[] = [
  { key: "smsPumpingRiskScore", value: (_i, r) => text(r?.smsPumpingRisk?.risk?.score) },
  { key: "carrierRiskCategory", value: (_i, r) => text(r?.smsPumpingRisk?.risk?.carrierRisk) },
  { key: "numberBlocked", value: (_i, r) => (r?.smsPumpingRisk ? tri(r.smsPumpingRisk.risk?.blocked) : "") },
  { key: "smsPumpingRiskSource", value: (_i, r) => text(r?.smsPumpingRisk?.source) },
];

const CALLER_NAME: Column[] = [
  { key: "callerName", value: (_i, r) => text(r?.callerName?.name) },
  { key: "callerType", value: (_i, r) => text(r?.callerName?.type) },
  { key: "callerNameSource", value: (_i, r) => text(r?.callerName?.source) },
];

const FRAUD: Column[] = [
  { key: "riskScore", value: (_i, r) => text(r?.fraud?.score) },
  { key: "riskLevel", value: (_i, r) => text(r?.fraud?.level) },
  { key: "recommendation", value: (_i, r) => text(r?.fraud?.recommendation) },
  { key: "riskReasons", value: (_i, r) => (r?.fraud?.reasons ?? []).map((x) => x.code).join(" ") },
];

/** The columns each look-up kind adds, in the order a service lists its kinds. */
const KIND_COLUMNS: Record<LookupKindCode, Column[]> = {
  hlr: HLR,
  mnp: MNP,
  line_type: LINE_TYPE,
  sim_swap: SIM_SWAP,
  sms_pumping_risk: SMS_PUMPING_RISK,
  caller_name: CALLER_NAME,
};

const COST: Column = { key: "cost", value: (i) => microsToDecimal(i.cost_micros) };

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
  const header = columnHeaders(
    locale,
    columns.map((c) => c.key),
  );
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
