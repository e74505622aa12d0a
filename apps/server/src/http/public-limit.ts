import type { FastifyInstance } from "fastify";
import { MINUTE_MS } from "../core/time";

/** A per-address ceiling on every public call, under the finer limits of each route. */
export function publicCallLimit(app: FastifyInstance, perMinute = 120) {
  app.addHook("preHandler", async (request) => {
    await app.httpServices.enforceLimits([
      { key: `pub:ip:${request.ip}`, max: perMinute, windowMs: MINUTE_MS },
    ]);
  });
}
