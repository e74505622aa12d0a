import {
  jobCreateBody,
  jobDownloadQuery,
  jobItemsQuery,
  jobScopeQuery,
  jobUploadQuery,
} from "@nc/contracts/jobs";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import { jobOwner } from "../partner/index";
import { acceptFileBodies, readUploadedBody, sendJobFile } from "./job-http";
import type { JobRuntime } from "./runtime";
import { uploadJob, uploadLimits } from "./upload-job";

/** The JSON list route takes at most this many numbers; larger lists go through a file upload. */
export const LIST_ROUTE_MAX_ROWS = 100_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Bulk jobs: the service and the in-process worker (started by main.ts). */
    jobs: JobRuntime;
  }
}

const idParams = z.object({ id: z.uuid() });

/** Bulk jobs: pasted lists and uploaded files (as drafts, then submitted), progress, results. */
async function jobs(app: FastifyInstance) {
  const { database } = app.services;
  const runtime = app.services.jobs;
  const { service, worker } = runtime;
  app.decorate("jobs", runtime);
  app.addHook("onClose", () => worker.stop());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const create = { tenant: true, permissions: ROUTE_PERMISSIONS.detection } as const;
  const read = { tenant: true, permissions: ROUTE_PERMISSIONS.history } as const;
  const actorOf = (userId: string) => ({ type: "user" as const, id: userId });

  r.post(
    "/api/tenant/job",
    // 100,000 numbers of JSON need more than the default 1 MiB.
    { schema: { body: jobCreateBody }, config: create, bodyLimit: 8 * 1024 * 1024 },
    async (request) => {
      const tenant = requireTenant(request);
      const job = await service.createListJob({
        tenantId: tenant.id,
        userId: tenant.userId,
        ...request.body,
        channel: "web",
        maxRows: LIST_ROUTE_MAX_ROWS,
      });
      if (!request.body.draft) worker.wake();
      return ok(job);
    },
  );

  // The upload's body is the file itself, read as it streams in; only this route accepts any
  // content type.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    acceptFileBodies(scope);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/tenant/job/upload",
        { schema: { querystring: jobUploadQuery }, config: create },
        async (request, reply) => {
          const tenant = requireTenant(request);
          const result = await readUploadedBody(request, reply, (source) =>
            uploadJob(service, source, {
              tenantId: tenant.id,
              userId: tenant.userId,
              channel: "web",
              ...request.query,
              limits: uploadLimits(app.services),
            }),
          );
          return ok(result);
        },
      );
  });

  /** The organisation a read is for: the caller's own, or a customer's for partner staff. */
  const owner = (request: FastifyRequest, jobId: string, scope?: "partner") =>
    jobOwner(database.db, requireTenant(request), jobId, scope);

  r.get(
    "/api/tenant/job/s/:id",
    { schema: { params: idParams, querystring: jobScopeQuery }, config: read },
    async (request) => {
      const tenantId = await owner(request, request.params.id, request.query.scope);
      const job = await service.job(tenantId, request.params.id);
      return ok(
        job.status === "draft"
          ? await service.draftSummary(tenantId, job.id)
          : await service.status(tenantId, job.id),
      );
    },
  );

  r.post(
    "/api/tenant/job/s/:id/submit",
    { schema: { params: idParams }, config: create },
    async (request) => {
      const tenant = requireTenant(request);
      const job = await service.submit(tenant.id, request.params.id, actorOf(tenant.userId));
      worker.wake();
      return ok(job);
    },
  );

  // The failed rows of a finished job as a new draft: the person reviews its count and price, then
  // submits it as any draft.
  r.post(
    "/api/tenant/job/s/:id/retry-failed",
    { schema: { params: idParams }, config: create },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(
        await service.retryFailed(tenant.id, request.params.id, {
          userId: tenant.userId,
          channel: "web",
          draft: true,
        }),
      );
    },
  );

  r.delete("/api/tenant/job/s/:id", { schema: { params: idParams }, config: create }, async (request) => {
    const tenant = requireTenant(request);
    await service.discard(tenant.id, request.params.id);
    return ok(null);
  });

  r.post(
    "/api/tenant/job/s/:id/cancel",
    { schema: { params: idParams }, config: create },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(await service.cancelJob(tenant.id, request.params.id, actorOf(tenant.userId)));
    },
  );

  r.get(
    "/api/tenant/job/s/:id/summary",
    { schema: { params: idParams, querystring: jobScopeQuery }, config: read },
    async (request) => {
      const tenantId = await owner(request, request.params.id, request.query.scope);
      return ok(await service.summary(tenantId, request.params.id));
    },
  );

  r.get(
    "/api/tenant/job/s/:id/items",
    { schema: { params: idParams, querystring: jobItemsQuery }, config: read },
    async (request) => {
      const { scope, ...query } = request.query;
      const tenantId = await owner(request, request.params.id, scope);
      return ok(await service.items(tenantId, request.params.id, query));
    },
  );

  r.get(
    "/api/tenant/job/s/:id/download",
    { schema: { params: idParams, querystring: jobDownloadQuery }, config: read },
    async (request, reply) => {
      const { format, rejected, scope, ...filter } = request.query;
      const tenantId = await owner(request, request.params.id, scope);
      const locale = requestLocale(request);
      return sendJobFile(
        reply,
        service,
        tenantId,
        request.params.id,
        { format, rejected, filter, locale },
        (details) =>
          app.services.audit.recordExport(app.services.database.db, tenantId, auditMeta(request), details),
      );
    },
  );
}

// Not encapsulated (fastify-plugin): the `jobs` decoration belongs to the whole app, not only this plugin.
export const jobRoutes = fp(jobs, { name: "job" });
