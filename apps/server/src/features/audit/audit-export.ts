import type { Locale } from "@nc/contracts/locales";
import type { Cursor } from "../../core/cursor";
import { type ColumnKey, columnHeaders } from "../../export/export-headers";
import { csvStream as tableCsv } from "../../export/table-export";
import type { AuditFilter, AuditRepo } from "./audit-repo";
import { describe } from "./audit-service";

const BATCH = 1000;

const COLUMNS: ColumnKey[] = [
  "time",
  "timeZone",
  "action",
  "description",
  "actorType",
  "actorName",
  "actorEmail",
  "actorId",
  "targetType",
  "targetId",
  "ipAddress",
  "userAgent",
  "details",
  "eventId",
];

/** What an export of the audit log needs: where to read, which events, and for whom. */
export interface AuditExport {
  repo: AuditRepo;
  tenantId: string;
  filter: AuditFilter;
  /** The language of the header line and of the descriptions. */
  locale: Locale;
}

/** Every matching event, newest first, in keyset batches so memory stays flat. */
async function* cells(e: AuditExport) {
  let cursor: Cursor | undefined;
  for (;;) {
    const batch = await e.repo.page(e.tenantId, e.filter, BATCH, cursor);
    for (const row of batch)
      yield [
        row.local_time,
        e.filter.timeZone,
        row.action,
        describe(row, e.locale),
        row.actor_type,
        row.actor_name ?? "",
        row.actor_email ?? "",
        row.actor_id ?? "",
        row.target_type ?? "",
        row.target_id ?? "",
        row.ip ?? "",
        row.user_agent ?? "",
        JSON.stringify(row.details),
        row.id,
      ];
    if (batch.length < BATCH) return;
    const last = batch.at(-1)!;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/** CSV of the filtered audit log (UTF-8 with BOM, cells neutralised against formulas). */
export const auditCsv = (e: AuditExport) => tableCsv(columnHeaders(e.locale, COLUMNS), cells(e));
