import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { apiKeyService } from "../api-key/index";
import { apiHousekeeping } from "./housekeeping";
import { publicApiPipeline } from "./pipeline";
import { billingApiRoutes } from "./routes/billing";
import { checkRoutes } from "./routes/check";
import { coverageApiRoutes } from "./routes/coverage";
import { jobApiRoutes } from "./routes/jobs";
import { requestLogApiRoutes } from "./routes/requests";
import { usageApiRoutes } from "./routes/usage";

/** The public REST API, v1: API keys in `Authorization: Bearer`, the same envelope, real statuses. */
async function publicApi(app: FastifyInstance) {
  const { database, config, rateStore } = app.services;
  const db = database.db;
  const { meter } = app.services;
  app.decorate("meter", meter);
  app.decorate(
    "apiHousekeeping",
    apiHousekeeping(db, { callRetentionDays: config.API_CALL_RETENTION_DAYS }, app.log),
  );
  app.addHook("onClose", () => meter.flush());

  await app.register(async (scope) => {
    const keys = apiKeyService(db, app.services.keyAuth, app.services.audit);
    publicApiPipeline(scope, {
      db,
      keys,
      rateStore,
      limits: { perKey: config.API_RATE_PER_KEY, perTenant: config.API_RATE_PER_TENANT, windowMs: 60_000 },
      meter,
    });
    checkRoutes(scope, app.services.detection);
    await jobApiRoutes(scope, app.jobs);
    usageApiRoutes(scope, db, app.services.billing, keys);
    requestLogApiRoutes(scope, db);
    billingApiRoutes(scope, db, app.services.audit);
    coverageApiRoutes(scope, app.services.coverage);
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** Public API metering (flushed on close; tests flush it to read usage at once). */
    meter: import("../metering/index").Meter;
    /** Deletes old Idempotency-Key answers and raw call records (run by the system housekeeping). */
    apiHousekeeping: ReturnType<typeof apiHousekeeping>;
  }
}

// Not encapsulated (fastify-plugin): the `meter` and `apiHousekeeping` decorations belong to the whole app.
export const publicApiRoutes = fp(publicApi, { name: "public-api" });
