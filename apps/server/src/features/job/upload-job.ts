import type { Readable } from "node:stream";
import type { ServiceCode } from "@nc/contracts/services";
import { AppError } from "../../core/app-error";
import type { Services } from "../../services";
import type { UploadSlots } from "../upload/index";
import { openTable, pickColumn } from "../upload/index";
import { fileColumnsCollector } from "./file-columns";
import type { IngestRow, JobService } from "./job-service";

/** Rows read before the column is chosen: enough to tell a header and the phone column apart. */
const SAMPLE_ROWS = 50;

export interface UploadInput {
  tenantId: string;
  userId: string | null;
  service: ServiceCode;
  channel: "web" | "api";
  fileName: string;
  defaultCountry?: string;
  /** 0-based; picked from the sample when absent. */
  column?: number;
  header?: boolean;
  /** Made with a test API key: answered by the sandbox, never charged. */
  test?: boolean;
  limits: UploadLimits;
}

export interface UploadLimits {
  maxBytes: number;
  maxUnpackedBytes: number;
  /** How long reading the file may take, sending included. */
  maxSeconds: number;
  /** The process's upload slots: one is held while the file is read. */
  slots: UploadSlots;
}

/** The limits every upload route reads files under, from the configuration. */
export function uploadLimits({ config, uploads }: Pick<Services, "config" | "uploads">): UploadLimits {
  return {
    maxBytes: config.UPLOAD_MAX_BYTES,
    maxUnpackedBytes: config.UPLOAD_MAX_UNPACKED_BYTES,
    maxSeconds: config.UPLOAD_MAX_SECONDS,
    slots: uploads,
  };
}

/**
 * An uploaded file becomes a draft job as it streams in: the first rows choose the column (unless
 * the user did), then every row's number is classified and written in batches. The answer is the
 * draft's summary with what was read (format, encoding, columns), for the column picker.
 */
export async function uploadJob(jobs: JobService, source: Readable, input: UploadInput) {
  const release = input.limits.slots.take(input.tenantId, input.userId);
  let table: Awaited<ReturnType<typeof openTable>>;
  try {
    table = await openTable(source, { fileName: input.fileName, ...input.limits });
  } catch (error) {
    release();
    throw error;
  }
  try {
    // Rows come a piece of the file at a time (open-table.ts `batches`): the first pieces are read
    // until they hold the sample, and go to the job with the rest.
    const batches = table.batches[Symbol.asyncIterator]();
    const head: string[][] = [];
    while (head.length < SAMPLE_ROWS) {
      const next = await batches.next();
      if (next.done) break;
      head.push(...next.value);
    }
    const sample = head.slice(0, SAMPLE_ROWS);
    if (sample.length === 0) throw new AppError("fileEmpty");
    const picked = pickColumn(sample, input.defaultCountry);
    const column = input.column ?? picked.column;
    const header = input.header ?? picked.header;
    if (column >= picked.columns.length)
      throw new AppError("fileColumnMissing", { column: column + 1 }, { column: column + 1 });

    const jobId = await jobs.createDraft({
      tenantId: input.tenantId,
      userId: input.userId,
      service: input.service,
      channel: input.channel,
      defaultCountry: input.defaultCountry,
      kind: "file",
      file: { name: input.fileName.slice(0, 255), column, header },
      test: input.test,
    });
    // The row's other cells too, unless the organisation turned that off: then only numbers are stored.
    const columns = (await jobs.repo.keepsFileColumns(input.tenantId))
      ? fileColumnsCollector(column, header ? (sample[0] ?? []) : null)
      : undefined;
    const entry = (cells: string[]): IngestRow =>
      columns ? { number: cells[column] ?? "", cells } : (cells[column] ?? "");
    async function* numbers() {
      yield (header ? head.slice(1) : head).map(entry);
      for (let next = await batches.next(); !next.done; next = await batches.next())
        yield next.value.map(entry);
    }
    await jobs.ingest(input.tenantId, jobId, numbers(), { ...input, columns });
    return {
      job: await jobs.draftSummary(input.tenantId, jobId),
      table: {
        format: table.format,
        encoding: table.encoding,
        delimiter: table.delimiter,
        header,
        column,
        columns: picked.columns,
      },
    };
  } finally {
    release();
    await table.close();
  }
}
