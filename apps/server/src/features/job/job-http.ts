import { PassThrough, type Readable } from "node:stream";
import type { Locale } from "@nc/contracts/locales";
import type { ServiceCode } from "@nc/contracts/services";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/app-error";
import { jobFile } from "./job-export";
import type { ItemFilter } from "./job-repo";
import type { JobService } from "./job-service";

/** True when the body was handed over as a stream (a file upload), not parsed. */
export function isStreamBody(body: unknown): body is Readable {
  return Boolean(body) && typeof (body as Readable).pipe === "function";
}

/**
 * In this plugin scope any content type other than JSON reaches the handler as the raw stream
 * (an uploaded file, read as it arrives: no multipart, no temp copy of text files).
 */
export function acceptFileBodies(scope: FastifyInstance) {
  scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
}

/**
 * Hands an uploaded body to `read`. The reader may stop early (a bad file): it gets a copy of the
 * stream, so the request can still be drained and answered with the error instead of a reset
 * connection.
 */
export async function readUploadedBody<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: (source: Readable) => Promise<T>,
): Promise<T> {
  const body = request.body;
  if (!isStreamBody(body)) throw new AppError("fileEmpty");
  const source = new PassThrough();
  body.pipe(source);
  try {
    return await read(source);
  } catch (error) {
    body.unpipe(source);
    body.resume();
    reply.header("connection", "close");
    throw error;
  }
}

/**
 * Sends a job's results (or its rejected rows) as a CSV or XLSX download, the header line in
 * `locale`.
 */
export async function sendJobFile(
  reply: FastifyReply,
  service: JobService,
  tenantId: string,
  jobId: string,
  options: { format: "csv" | "xlsx"; rejected?: boolean; filter?: ItemFilter; locale: Locale },
  /** Writes the download to the audit log, once the job is known to exist and be downloadable. */
  recordDownload: (details: {
    kind: "job_results" | "job_rejected";
    format: string;
    jobId: string;
  }) => Promise<void>,
) {
  const job = await service.job(tenantId, jobId);
  // A draft's answers are paid for on submit; until then only its rejected rows are shown.
  if (job.status === "draft" && !options.rejected) throw new AppError("jobNotSubmitted");
  await recordDownload({
    kind: options.rejected ? "job_rejected" : "job_results",
    format: options.format,
    jobId: job.id,
  });
  const name = `${options.rejected ? "rejected" : "results"}-${job.id.slice(0, 8)}.${options.format}`;
  reply
    .header(
      "content-type",
      options.format === "csv"
        ? "text/csv; charset=utf-8"
        : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store");
  return reply.send(
    jobFile(
      options.format,
      service.repo,
      tenantId,
      { ...job, service: job.service as ServiceCode },
      { filter: options.filter ?? {}, rejected: options.rejected, locale: options.locale },
    ),
  );
}
