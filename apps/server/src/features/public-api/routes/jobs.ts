import { DEFAULT_LOCALE } from "@nc/contracts/locales";
import {
  apiJobCreateBody,
  apiJobCreateQuery,
  apiJobDownloadQuery,
  apiJobFileQuery,
  apiJobListQuery,
  apiJobParams,
  apiJobResultsQuery,
} from "@nc/contracts/public-jobs";
import { fieldIssue } from "@nc/contracts/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "../../../core/app-error";
import { encodeCursor, optionalCursor } from "../../../core/cursor";
import { ok } from "../../../core/envelope";
import { auditMeta } from "../../../http/audit-meta";
import type { Actor } from "../../billing/index";
import type { JobRuntime } from "../../job/index";
import {
  acceptFileBodies,
  isStreamBody,
  LIST_ROUTE_MAX_ROWS,
  progress,
  readUploadedBody,
  sendJobFile,
  uploadJob,
  uploadLimits,
} from "../../job/index";
import { requireApiKey } from "../api-key-auth";
import { meterUsage } from "../pipeline";

/** Validates a part of the request the route schema could not (it differs by content type). */
function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new AppError("validation", {
    fields: parsed.error.issues.map((issue) =>
      fieldIssue({ ...issue, input: (issue as { input?: unknown }).input } as Parameters<
        typeof fieldIssue
      >[0]),
    ),
  });
}

/** Counts a submitted job in the key's usage: its numbers and what they are priced at. */
function metered(request: FastifyRequest, submitted: ReturnType<typeof progress>) {
  meterUsage(request, {
    service: submitted.service,
    numbers: submitted.total,
    costMicros: BigInt(submitted.unitPriceMicros) * BigInt(submitted.chargeable),
  });
  return submitted;
}

/** Bulk jobs through the API: a JSON list or a file, status, results, downloads, cancel. */
export async function jobApiRoutes(scope: FastifyInstance, jobs: JobRuntime) {
  const { service, worker } = jobs;
  const write = { apiKey: { scopes: ["jobs:write"] as const } };
  const read = { apiKey: { scopes: ["jobs:read"] as const } };
  const actorOf = (request: FastifyRequest): Actor => ({ type: "api_key", id: requireApiKey(request).keyId });

  // A JSON list or a file (any other content type, streamed), in one endpoint; submitted at once.
  await scope.register(async (files) => {
    acceptFileBodies(files);
    files.withTypeProvider<ZodTypeProvider>().post(
      "/api/v1/jobs",
      {
        schema: { body: apiJobCreateBody, querystring: apiJobCreateQuery },
        config: write,
        // 100,000 numbers of JSON need more than the default 1 MiB; files are not read by Fastify.
        bodyLimit: 8 * 1024 * 1024,
        // The body schema is for JSON; a file's body is a stream, checked by the reader instead.
        validatorCompiler: (route) => {
          const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
          return (data: unknown) =>
            route.httpPart === "body" && isStreamBody(data) ? { value: data } : validate(data);
        },
      },
      async (request, reply) => {
        const key = requireApiKey(request);
        const origin = {
          tenantId: key.tenantId,
          userId: key.createdBy,
          channel: "api" as const,
          test: key.mode === "test",
        };
        const view = isStreamBody(request.body)
          ? (
              await readUploadedBody(request, reply, async (source) => {
                const query = { ...request.query, ...parseOrFail(apiJobFileQuery, request.query) };
                const draft = await uploadJob(service, source, {
                  ...origin,
                  ...query,
                  limits: uploadLimits(scope.services),
                });
                try {
                  return { job: await service.submit(key.tenantId, draft.job.id, actorOf(request)) };
                } catch (error) {
                  await service.discard(key.tenantId, draft.job.id).catch(() => undefined);
                  throw error;
                }
              })
            ).job
          : await service.createListJob({
              ...origin,
              ...(request.body as z.output<typeof apiJobCreateBody>),
              maxRows: LIST_ROUTE_MAX_ROWS,
              actor: actorOf(request),
            });
        worker.wake();
        return ok(metered(request, view as ReturnType<typeof progress>));
      },
    );
  });

  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get("/api/v1/jobs", { schema: { querystring: apiJobListQuery }, config: read }, async (request) => {
    const key = requireApiKey(request);
    const { limit, cursor } = request.query;
    const rows = await service.repo.apiJobs(key.tenantId, limit, optionalCursor(cursor));
    const last = rows[rows.length - 1];
    return ok({
      items: rows.map((row) => progress(row)),
      nextCursor:
        rows.length === limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    });
  });

  r.get("/api/v1/jobs/:id", { schema: { params: apiJobParams }, config: read }, async (request) => {
    const key = requireApiKey(request);
    const job = await service.job(key.tenantId, request.params.id);
    // Drafts are a dashboard thing (the API submits at once): not visible here.
    if (job.status === "draft") throw new AppError("notFound");
    return ok(progress(job));
  });

  r.get(
    "/api/v1/jobs/:id/results",
    { schema: { params: apiJobParams, querystring: apiJobResultsQuery }, config: read },
    async (request) => {
      const key = requireApiKey(request);
      const job = await service.job(key.tenantId, request.params.id);
      if (job.status === "draft") throw new AppError("notFound");
      const page = await service.items(key.tenantId, job.id, request.query);
      // The public API has no transactions to point at: its items do not name ledger rows.
      return ok({ ...page, items: page.items.map(({ ledgerEntryId: _ledgerEntryId, ...item }) => item) });
    },
  );

  r.get(
    "/api/v1/jobs/:id/download",
    { schema: { params: apiJobParams, querystring: apiJobDownloadQuery }, config: read },
    async (request, reply) => {
      const key = requireApiKey(request);
      const job = await service.job(key.tenantId, request.params.id);
      if (job.status === "draft") throw new AppError("notFound");
      // Headers in English whatever the client's language: the file is part of the API's contract.
      return sendJobFile(
        reply,
        service,
        key.tenantId,
        job.id,
        { ...request.query, locale: DEFAULT_LOCALE },
        (details) =>
          scope.services.audit.recordExport(
            scope.services.database.db,
            key.tenantId,
            auditMeta(request),
            details,
          ),
      );
    },
  );

  // The API has no drafts: the new job is submitted at once, charged as the job route's are.
  r.post(
    "/api/v1/jobs/:id/retry-failed",
    { schema: { params: apiJobParams }, config: write },
    async (request) => {
      const key = requireApiKey(request);
      const job = await service.retryFailed(key.tenantId, request.params.id, {
        userId: key.createdBy,
        channel: "api",
        test: key.mode === "test",
        actor: actorOf(request),
      });
      worker.wake();
      return ok(metered(request, job as ReturnType<typeof progress>));
    },
  );

  r.delete("/api/v1/jobs/:id", { schema: { params: apiJobParams }, config: write }, async (request) => {
    const key = requireApiKey(request);
    return ok(await service.cancelJob(key.tenantId, request.params.id, actorOf(request)));
  });
}
