import { type DownloadedFile, downloadedFile } from "../download.js";
import { NumcheckError } from "../errors.js";
import { type HttpClient, type RequestOptions, segment } from "../http.js";
import { type Page, paginate } from "../pagination.js";
import { sleep } from "../retry.js";
import type {
  CreateJobParams,
  DownloadParams,
  Job,
  JobResultItem,
  JobResultsParams,
  ListJobsParams,
  ServiceCode,
} from "../types.js";
import { type UploadFile, type UploadProgress, uploadBody, uploadContentType } from "../upload.js";

export interface UploadParams {
  service: ServiceCode;
  /** Its extension (.csv, .txt, .xlsx) tells the type; taken from a File or `fileFromPath` when absent. */
  fileName?: string;
  /** ISO 3166-1 alpha-2 country for numbers written in national format. */
  defaultCountry?: string;
  /** 0-based column holding the numbers; detected when absent. */
  column?: number;
  /** Whether the first row is a header; detected when absent. */
  header?: boolean;
  /** The media type sent; default the Blob's, else by the extension. */
  contentType?: string;
  /** The size in bytes, for `onProgress`'s total, when the file does not tell it. */
  size?: number;
  /** Called as bytes are sent. */
  onProgress?: (progress: UploadProgress) => void;
}

export interface WaitOptions {
  /** Time between two polls, default 2000 ms. */
  intervalMs?: number;
  /** Gives up (a NumcheckError of kind `timeout`) after this long; default never. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with the job after each poll. */
  onProgress?: (job: Job) => void;
}

const FINAL_STATUSES = new Set(["completed", "cancelled", "failed"]);

/**
 * An upload's default time limit: the server reads a file for up to 10 minutes before it answers
 * (40060, the file read too slowly), so the client's usual minute would give up on a large file.
 */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/** Bulk jobs (scopes `jobs:write`, `jobs:read`). */
export class JobsResource {
  constructor(private readonly http: HttpClient) {}

  /** A JSON list of 1–100,000 numbers, queued at once. */
  create(params: CreateJobParams, options?: RequestOptions): Promise<Job> {
    return this.http.json({ method: "POST", path: "/api/v1/jobs", json: params }, options);
  }

  /** A CSV, TXT or XLSX file sent as the body, read as it streams in, queued at once. */
  async upload(file: UploadFile, params: UploadParams, options?: RequestOptions): Promise<Job> {
    const named =
      typeof file === "object" && "name" in file && typeof file.name === "string" ? file.name : undefined;
    const fileName = params.fileName ?? named;
    if (!fileName) throw new TypeError("jobs.upload needs params.fileName for a file without a name");
    const blobType =
      typeof file === "object" && "type" in file && typeof file.type === "string" ? file.type : "";
    const size =
      params.size ??
      (typeof file === "string"
        ? new TextEncoder().encode(file).byteLength
        : typeof file === "object" && "byteLength" in file
          ? file.byteLength
          : typeof file === "object" && "size" in file && typeof file.size === "number"
            ? file.size
            : null);
    const body = uploadBody(
      file,
      uploadContentType(fileName, params.contentType, blobType),
      size,
      params.onProgress,
    );
    const job = await this.http.json<Job>(
      {
        method: "POST",
        path: "/api/v1/jobs",
        query: {
          service: params.service,
          fileName,
          defaultCountry: params.defaultCountry,
          column: params.column,
          header: params.header,
        },
        body,
      },
      {
        ...options,
        timeoutMs: options?.timeoutMs ?? Math.max(UPLOAD_TIMEOUT_MS, this.http.config.timeoutMs),
      },
    );
    body.sentWhole();
    return job;
  }

  /** One page of the organisation's API jobs, newest first. */
  list(params: ListJobsParams = {}, options?: RequestOptions): Promise<Page<Job, string>> {
    return this.http.json({ method: "GET", path: "/api/v1/jobs", query: { ...params } }, options);
  }

  /** Every job, page after page. */
  listAll(
    params: Omit<ListJobsParams, "cursor"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<Job, void, undefined> {
    return paginate<Job, string>((cursor) => this.list({ ...params, cursor }, options));
  }

  get(id: string, options?: RequestOptions): Promise<Job> {
    return this.http.json({ method: "GET", path: `/api/v1/jobs/${segment(id)}` }, options);
  }

  /** Polls the job until it is `completed`, `cancelled` or `failed`. */
  async wait(id: string, options: WaitOptions = {}): Promise<Job> {
    const started = Date.now();
    const interval = options.intervalMs ?? 2000;
    for (;;) {
      const job = await this.get(id, { signal: options.signal });
      options.onProgress?.(job);
      if (FINAL_STATUSES.has(job.status)) return job;
      if (options.timeoutMs !== undefined && Date.now() - started + interval > options.timeoutMs)
        throw new NumcheckError({
          kind: "timeout",
          status: 0,
          code: 0,
          message: `Job ${id} is still ${job.status} after ${options.timeoutMs} ms.`,
        });
      await sleep(interval, options.signal);
    }
  }

  /** One page of a job's rows, in row order (`nextCursor` = the last `seq`). */
  results(
    id: string,
    params: JobResultsParams = {},
    options?: RequestOptions,
  ): Promise<Page<JobResultItem, number>> {
    return this.http.json(
      { method: "GET", path: `/api/v1/jobs/${segment(id)}/results`, query: { ...params } },
      options,
    );
  }

  /** Every row of a job, page after page. */
  resultsAll(
    id: string,
    params: Omit<JobResultsParams, "cursor"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<JobResultItem, void, undefined> {
    return paginate<JobResultItem, number>((cursor) => this.results(id, { ...params, cursor }, options));
  }

  /** The results as a CSV or XLSX file; `rejected: true` for the rows that were not checked. */
  async download(id: string, params: DownloadParams, options?: RequestOptions): Promise<DownloadedFile> {
    const response = await this.http.file(
      {
        method: "GET",
        path: `/api/v1/jobs/${segment(id)}/download`,
        query: { format: params.format, rejected: params.rejected },
      },
      options,
    );
    return downloadedFile(response);
  }

  /** Stops a queued or running job; what was not checked is not charged. */
  cancel(id: string, options?: RequestOptions): Promise<Job> {
    return this.http.json({ method: "DELETE", path: `/api/v1/jobs/${segment(id)}` }, options);
  }

  /** A new job of an ended job's failed rows. */
  retryFailed(id: string, options?: RequestOptions): Promise<Job> {
    return this.http.json({ method: "POST", path: `/api/v1/jobs/${segment(id)}/retry-failed` }, options);
  }
}
