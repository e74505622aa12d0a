import { SERVICE_CODES } from "@nc/contracts/prices";
import { createLookupProvider } from "@nc/numcheck/providers/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../http/envelope";
import { requireTenant } from "../../http/tenant-context";
import { type JobService, jobService } from "./job-service";
import { defaultProcessor, type ItemProcessor } from "./process-item";
import { type JobWorker, jobWorker } from "./worker";

/** The JSON list route takes at most this many numbers; larger lists go through a file upload. */
export const LIST_ROUTE_MAX_ROWS = 100_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Bulk jobs: the service and the in-process worker (started by main.ts). */
    jobs: { service: JobService; worker: JobWorker; processor: ItemProcessor };
  }
}

const idParams = z.object({ id: z.uuid() });
const createBody = z.object({
  service: z.enum(SERVICE_CODES),
  numbers: z.array(z.string().max(256)).min(1),
  defaultCountry: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
});
const itemsQuery = z.object({
  cursor: z.coerce.number().int().min(-1).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
  status: z.enum(["queued", "done", "rejected", "failed"]).optional(),
});

/** Bulk jobs from a pasted list: create, progress, items, cancel. */
export async function jobRoutes(app: FastifyInstance) {
  const { config, database } = app.services;
  // The configured HLR/MNP upstream, or the free sandbox without a key.
  const processor = defaultProcessor(
    createLookupProvider({
      tyntec: config.LOOKUP_PROVIDER_API_KEY
        ? { apiKey: config.LOOKUP_PROVIDER_API_KEY, baseUrl: config.LOOKUP_PROVIDER_BASE_URL }
        : null,
    }),
  );
  const service = jobService(
    database.db,
    { maxRows: config.JOB_MAX_ROWS, maxConcurrent: config.JOB_MAX_CONCURRENT },
    processor,
  );
  const worker = jobWorker(
    database.db,
    service,
    processor,
    {
      batch: config.WORKER_BATCH,
      concurrency: config.WORKER_CONCURRENCY,
      leaseSeconds: config.WORKER_LEASE_SECONDS,
    },
    app.log,
  );
  app.decorate("jobs", { service, worker, processor });
  app.addHook("onClose", () => worker.stop());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const create = { tenant: true, permissions: ["detection:create"] } as const;
  const read = { tenant: true, permissions: ["detection:read"] } as const;

  r.post(
    "/api/tenant/job",
    // 100,000 numbers of JSON need more than the default 1 MiB.
    { schema: { body: createBody }, config: create, bodyLimit: 8 * 1024 * 1024 },
    async (request) => {
      const tenant = requireTenant(request);
      const job = await service.createListJob({
        tenantId: tenant.id,
        userId: tenant.userId,
        service: request.body.service,
        numbers: request.body.numbers,
        defaultCountry: request.body.defaultCountry,
        channel: "web",
        maxRows: LIST_ROUTE_MAX_ROWS,
      });
      worker.wake();
      return ok(job);
    },
  );

  r.get("/api/tenant/job/s/:id", { schema: { params: idParams }, config: read }, async (request) => {
    const tenant = requireTenant(request);
    return ok(await service.status(tenant.id, request.params.id));
  });

  r.get(
    "/api/tenant/job/s/:id/items",
    { schema: { params: idParams, querystring: itemsQuery }, config: read },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(await service.items(tenant.id, request.params.id, request.query));
    },
  );

  r.post(
    "/api/tenant/job/s/:id/cancel",
    { schema: { params: idParams }, config: create },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(await service.cancelJob(tenant.id, request.params.id, { type: "user", id: tenant.userId }));
    },
  );
}

// Like fastify-plugin: the `jobs` decoration belongs to the whole app, not only this plugin.
(jobRoutes as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;
