import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    try {
      await app.services.database.db.execute(sql`select 1`);
      return { status: "ready", database: app.services.database.kind };
    } catch (error) {
      app.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ status: "unavailable" });
    }
  });
}
