import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Liveness (the process answers) and readiness (the database answers). `/readyz?detail=1` adds
 * the look-up providers' health for operators (docs/providers.md): only for a caller on this
 * machine that did not come through a proxy, or one with `Authorization: Bearer OPERATOR_TOKEN`.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get<{ Querystring: { detail?: string } }>("/readyz", async (request, reply) => {
    const detail = request.query.detail === "1";
    if (detail && !isOperator(request, app.services.config.OPERATOR_TOKEN)) {
      return reply.status(403).send({ status: "forbidden" });
    }
    try {
      await app.services.database.db.execute(sql`select 1`);
    } catch (error) {
      app.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ status: "unavailable" });
    }
    const ready = { status: "ready", database: app.services.database.kind };
    if (!detail) return ready;
    reply.header("cache-control", "no-store");
    return { ...ready, providers: app.services.lookupRouter.health() };
  });
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function isOperator(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token && header?.startsWith("Bearer ")) {
    const given = Buffer.from(header.slice(7));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  // A proxy on this machine makes every visitor look local: it says so in these headers.
  const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? "");
}
