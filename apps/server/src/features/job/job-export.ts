import type { NetworkView, SingleCheckResultView } from "@nc/contracts/detection-single";
import { microsToDecimal } from "@nc/contracts/money";
import type { ServiceCode } from "@nc/contracts/services";
import { csvStream, xlsxStream } from "../../export/table-export";
import { NEEDS } from "../detection/result-view";
import type { ItemFilter, ItemRow, JobRepo } from "./job-repo";

const PAGE = 2_000;

/** A column of the results file: its header and how to read it from an item. */
interface Column {
  header: string;
  value(item: ItemRow, r: SingleCheckResultView | null): string;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const tri = (v: boolean | null | undefined) => (v === true ? "yes" : v === false ? "no" : "unknown");
const network = (n: NetworkView | null | undefined) => text(n?.name);

const COMMON: Column[] = [
  { header: "Row", value: (i) => String(i.seq + 1) },
  { header: "Input", value: (i) => i.input },
  { header: "E.164", value: (i) => text(i.e164) },
  { header: "Status", value: (i) => i.status },
  { header: "Reason", value: (i) => text(i.reject_reason) },
  { header: "Valid", value: (_i, r) => (r ? tri(r.basic.valid) : "") },
  { header: "Line type", value: (_i, r) => text(r?.basic.lineType) },
  { header: "Country", value: (_i, r) => text(r?.basic.country?.iso2) },
  { header: "Dial code", value: (_i, r) => text(r?.basic.country?.dialCode) },
  { header: "International format", value: (_i, r) => text(r?.basic.formats?.international) },
  { header: "National format", value: (_i, r) => text(r?.basic.formats?.national) },
  { header: "Original carrier", value: (_i, r) => network(r?.basic.originalCarrier) },
  { header: "Region", value: (_i, r) => text(r?.basic.region) },
  { header: "Time zones", value: (_i, r) => (r?.basic.timeZones ?? []).join(" ") },
];

const HLR: Column[] = [
  { header: "Connectivity", value: (_i, r) => text(r?.hlr?.connectivity) },
  { header: "Error code", value: (_i, r) => text(r?.hlr?.error?.code) },
  { header: "Error name", value: (_i, r) => text(r?.hlr?.error?.name) },
  { header: "Current network", value: (_i, r) => network(r?.hlr?.currentNetwork) },
  { header: "MCC", value: (_i, r) => text(r?.hlr?.currentNetwork?.mcc) },
  { header: "MNC", value: (_i, r) => text(r?.hlr?.currentNetwork?.mnc) },
  { header: "Roaming", value: (_i, r) => (r?.hlr ? tri(r.hlr.roaming.roaming) : "") },
  { header: "Roaming country", value: (_i, r) => text(r?.hlr?.roaming.country) },
  { header: "Ported", value: (_i, r) => (r?.hlr ? tri(r.hlr.ported) : "") },
  { header: "HLR source", value: (_i, r) => text(r?.hlr?.source) },
];

const MNP: Column[] = [
  { header: "Porting status", value: (_i, r) => text(r?.mnp?.ported) },
  { header: "Current network (MNP)", value: (_i, r) => network(r?.mnp?.currentNetwork) },
  { header: "Original network (MNP)", value: (_i, r) => network(r?.mnp?.originalNetwork) },
  { header: "MNP source", value: (_i, r) => text(r?.mnp?.source) },
];

const FRAUD: Column[] = [
  { header: "Risk score", value: (_i, r) => text(r?.fraud?.score) },
  { header: "Risk level", value: (_i, r) => text(r?.fraud?.level) },
  { header: "Recommendation", value: (_i, r) => text(r?.fraud?.recommendation) },
  { header: "Risk reasons", value: (_i, r) => (r?.fraud?.reasons ?? []).map((x) => x.code).join(" ") },
];

const COST: Column = { header: "Cost", value: (i) => microsToDecimal(i.cost_micros) };

/** The columns of a service's results file: what every check has, then what the service adds. */
export function resultColumns(service: ServiceCode): Column[] {
  const needs = NEEDS[service];
  return [
    ...COMMON,
    ...(needs.hlr ? HLR : []),
    ...(needs.mnp ? MNP : []),
    ...(needs.fraud ? FRAUD : []),
    COST,
  ];
}

const REJECTED_COLUMNS = ["Row", "Input", "Reason"] as const;

/** Every matching item in seq order, fetched a page at a time. */
async function* allItems(repo: JobRepo, tenantId: string, jobId: string, filter: ItemFilter) {
  let cursor = -1;
  for (;;) {
    const page = await repo.items(tenantId, jobId, { ...filter, cursor, limit: PAGE });
    yield* page;
    if (page.length < PAGE) return;
    cursor = page.at(-1)!.seq;
  }
}

/** Header and rows of a job's results (filtered), ready for csvStream / xlsxStream. */
export function resultRows(
  repo: JobRepo,
  tenantId: string,
  jobId: string,
  service: ServiceCode,
  filter: ItemFilter,
) {
  const columns = resultColumns(service);
  async function* rows() {
    for await (const item of allItems(repo, tenantId, jobId, filter)) {
      const result = item.status === "done" ? (item.result as SingleCheckResultView) : null;
      yield columns.map((c) => c.value(item, result));
    }
  }
  return { header: columns.map((c) => c.header), rows: rows() };
}

/** The rejected rows (duplicates, invalid, cancelled, failed) with the reason, for correcting. */
export function rejectedRows(repo: JobRepo, tenantId: string, jobId: string) {
  async function* rows() {
    for await (const item of allItems(repo, tenantId, jobId, { status: "rejected" }))
      yield [String(item.seq + 1), item.input, text(item.reject_reason)];
  }
  return { header: [...REJECTED_COLUMNS], rows: rows() };
}

/** A job's results (filtered) or its rejected rows, as a CSV or XLSX stream. */
export function jobFile(
  format: "csv" | "xlsx",
  repo: JobRepo,
  tenantId: string,
  job: { id: string; service: ServiceCode },
  options: { filter?: ItemFilter; rejected?: boolean },
) {
  const table = options.rejected
    ? rejectedRows(repo, tenantId, job.id)
    : resultRows(repo, tenantId, job.id, job.service, options.filter ?? {});
  return format === "csv"
    ? csvStream(table.header, table.rows)
    : xlsxStream(options.rejected ? "Rejected" : "Results", table.header, table.rows);
}
