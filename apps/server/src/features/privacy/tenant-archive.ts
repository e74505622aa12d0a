import { PassThrough, type Readable } from "node:stream";
import type { Locale } from "@nc/contracts/locales";
import { microsToDecimal } from "@nc/contracts/money";
import { ARCHIVE_FILES } from "@nc/contracts/privacy";
import type { ServiceCode } from "@nc/contracts/services";
import type archiver from "archiver";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { type ColumnKey, columnHeaders } from "../../export/export-headers";
import { csvStream } from "../../export/table-export";
import { accountRepo, csvStream as transactionsCsv } from "../account/index";
import { apiKeyRepo, keyHint } from "../api-key/index";
import { auditCsv, auditRepo } from "../audit/index";
import type { BillingService } from "../billing/index";
import { unpackResult } from "../detection/index";
import { jobRepo, resultRows } from "../job/index";
import type { JobListRow, PrivacyRepo, SingleCheckCursor } from "./privacy-repo";

const PAGE = 1_000;

/** What the archive is made of: one organisation, read in the reader's language and time zone. */
export interface ArchiveSource {
  db: Db;
  repo: PrivacyRepo;
  billing: Pick<BillingService, "balance">;
  tenant: { id: string; name: string; timezoneCode: string; status: string };
  locale: Locale;
}

const JOB_COLUMNS: ColumnKey[] = [
  "jobId",
  "kind",
  "channel",
  "service",
  "status",
  "total",
  "done",
  "failed",
  "duplicates",
  "invalid",
  "charged",
  "currency",
  "fileName",
  "createdAt",
  "finishedAt",
  "timeZone",
];

const SINGLE_COLUMNS: ColumnKey[] = [
  "jobId",
  "channel",
  "service",
  "input",
  "e164",
  "status",
  "outcome",
  "charged",
  "currency",
  "createdAt",
  "timeZone",
  "details",
];

const jobCells = (job: JobListRow, timeZone: string) => [
  job.id,
  job.kind,
  job.channel,
  job.service,
  job.status,
  String(job.total),
  String(job.done),
  String(job.failed),
  String(job.duplicates),
  String(job.invalid),
  microsToDecimal(job.charged_micros),
  job.currency,
  job.file_name ?? "",
  job.local_created,
  job.local_finished ?? "",
  timeZone,
];

/** Every submitted job of a list or file, oldest first, in keyset pages so memory stays flat. */
async function* jobsOf(source: ArchiveSource) {
  let cursor: Cursor | undefined;
  for (;;) {
    const page = await source.repo.jobsPage(source.tenant.id, source.tenant.timezoneCode, PAGE, cursor);
    yield* page;
    if (page.length < PAGE) return;
    const last = page.at(-1)!;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/** Every single check, oldest day first, in keyset pages so memory stays flat. */
async function* singleChecksOf(source: ArchiveSource) {
  let cursor: SingleCheckCursor | undefined;
  for (;;) {
    const page = await source.repo.singleChecksPage(
      source.tenant.id,
      source.tenant.timezoneCode,
      PAGE,
      cursor,
    );
    yield* page;
    if (page.length < PAGE) return;
    const last = page.at(-1)!;
    cursor = { createdAt: last.created_at, id: last.job_id, seq: Number(last.seq) };
  }
}

async function* rowsOf<T>(items: Promise<T[]>, cells: (item: T) => string[]) {
  for (const item of await items) yield cells(item);
}

/**
 * Appends one file and waits until the archive has written it, so only one file's rows are being
 * read at a time (a source is read as soon as it is appended).
 */
function addFile(archive: archiver.Archiver, name: string, content: Readable | string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      archive.off("entry", done);
      archive.off("error", fail);
      archive.off("close", closed);
      resolve();
    };
    const fail = (error: Error) => {
      archive.off("entry", done);
      archive.off("close", closed);
      reject(error);
    };
    const closed = () => fail(new Error("archive closed early"));
    archive.on("entry", done);
    archive.once("error", fail);
    archive.once("close", closed);
    if (typeof content !== "string") content.once("error", (error) => archive.destroy(error));
    archive.append(content, { name });
  });
}

/**
 * The organisation's data as one zip (docs/security.md, "Privacy: export and deletion"): written
 * as it is read, file after file, page after page, so neither the archive nor a table is ever
 * held in memory. API keys appear with their hint only; webhook secrets and key digests never.
 */
export function tenantArchive(source: ArchiveSource): Readable {
  const { db, repo, billing, tenant, locale } = source;
  const timeZone = tenant.timezoneCode;
  // The zip library is loaded when the first archive is made: a server that never exports one
  // never holds it (docs/performance.md, "Server memory on the embedded database").
  const out = new PassThrough();
  let archive: archiver.Archiver;
  const header = (keys: ColumnKey[]) => columnHeaders(locale, keys);

  async function fill() {
    const { default: makeArchive } = await import("archiver");
    archive = makeArchive("zip", { zlib: { level: 6 } });
    archive.on("error", (error) => out.destroy(error));
    // A reader that goes away (a closed download) ends the archive, and the reads with it.
    const stop = () => archive.destroy();
    if (out.destroyed) stop();
    else out.once("close", stop);
    archive.pipe(out);
    const accounts = accountRepo(db);
    const overview = await billing.balance(tenant.id);
    await addFile(
      archive,
      ARCHIVE_FILES.organisation,
      JSON.stringify(
        {
          id: tenant.id,
          name: tenant.name,
          timeZone,
          status: tenant.status,
          balance: microsToDecimal(overview.balanceMicros),
          currency: overview.currency,
          exportedAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    await addFile(
      archive,
      ARCHIVE_FILES.members,
      csvStream(
        header(["userId", "name", "email", "role", "joinedAt", "timeZone"]),
        rowsOf(repo.members(tenant.id, timeZone), (m) => [
          m.user_id,
          m.name,
          m.email,
          m.role_key ?? m.role_name,
          m.joined_at,
          timeZone,
        ]),
      ),
    );
    await addFile(archive, ARCHIVE_FILES.roles, JSON.stringify(await repo.roles(tenant.id), null, 2));
    await addFile(
      archive,
      ARCHIVE_FILES.jobs,
      csvStream(
        header(JOB_COLUMNS),
        (async function* () {
          for await (const job of jobsOf(source)) yield jobCells(job, timeZone);
        })(),
      ),
    );
    await addFile(
      archive,
      ARCHIVE_FILES.singleChecks,
      csvStream(
        header(SINGLE_COLUMNS),
        (async function* () {
          for await (const c of singleChecksOf(source)) {
            yield [
              c.job_id,
              c.channel,
              c.service,
              c.input,
              c.e164 ?? "",
              c.item_status,
              c.outcome ?? "",
              microsToDecimal(c.cost_micros),
              c.currency,
              c.local_checked,
              timeZone,
              c.result ? JSON.stringify(unpackResult(c.result, c.e164)) : "",
            ];
          }
        })(),
      ),
    );
    const jobs = jobRepo(db);
    for await (const job of jobsOf(source)) {
      // The customer's own columns ride beside the results, as in the job's own download
      // (docs/architecture.md, "The customer's own columns"). The job's row (with its kept header)
      // is read one at a time, not with the page of jobs, so a page of wide headers is never held.
      const row = await jobs.job(tenant.id, job.id);
      if (!row) continue;
      const table = resultRows(jobs, tenant.id, { ...row, service: row.service as ServiceCode }, {}, locale);
      await addFile(
        archive,
        `${ARCHIVE_FILES.jobResultsFolder}${job.id}.csv`,
        csvStream(table.header, table.rows),
      );
    }
    await addFile(
      archive,
      ARCHIVE_FILES.transactions,
      transactionsCsv({
        repo: accounts,
        tenantId: tenant.id,
        filter: { timeZone },
        currency: overview.currency,
        locale,
      }),
    );
    await addFile(
      archive,
      ARCHIVE_FILES.apiKeys,
      csvStream(
        header([
          "apiKeyId",
          "apiKeyName",
          "mode",
          "scopes",
          "keyHint",
          "ipAllowList",
          "createdAt",
          "createdBy",
          "lastUsedAt",
          "expiresAt",
          "revokedAt",
        ]),
        rowsOf(apiKeyRepo(db).list(tenant.id), (k) => [
          k.id,
          k.name,
          k.mode,
          k.scopes.join(" "),
          keyHint(k.mode, k.lookup, k.last4),
          k.ip_allow_list.join(" "),
          k.created_at,
          k.created_by_name ?? "",
          k.last_used_at ?? "",
          k.expires_at ?? "",
          k.revoked_at ?? "",
        ]),
      ),
    );
    await addFile(
      archive,
      ARCHIVE_FILES.webhooks,
      csvStream(
        header(["webhookId", "url", "description", "events", "enabled", "createdAt", "timeZone"]),
        rowsOf(repo.webhooks(tenant.id, timeZone), (w) => [
          w.id,
          w.url,
          w.description,
          w.events.join(" "),
          String(w.enabled),
          w.created_at,
          timeZone,
        ]),
      ),
    );
    await addFile(
      archive,
      ARCHIVE_FILES.fraudLists,
      csvStream(
        header(["list", "entry", "note", "createdAt", "timeZone"]),
        (async function* () {
          let after: { kind: string; entry: string } | null = null;
          for (;;) {
            const page = await repo.fraudListPage(tenant.id, timeZone, after);
            for (const e of page) yield [e.kind, e.entry, e.note, e.created_at, timeZone];
            if (page.length < 1000) return;
            after = page.at(-1)!;
          }
        })(),
      ),
    );
    await addFile(
      archive,
      ARCHIVE_FILES.auditLog,
      auditCsv({ repo: auditRepo(db), tenantId: tenant.id, filter: { timeZone }, locale }),
    );
    await archive.finalize();
  }

  fill().catch((error: unknown) => {
    archive?.destroy(error as Error);
    out.destroy(error as Error);
  });
  return out;
}
