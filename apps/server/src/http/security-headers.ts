import type { FastifyInstance } from "fastify";

/** Headers every answer carries: no sniffing, no framing by other sites, no referrer leaks. */
export function securityHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    if (request.url.startsWith("/api/")) reply.header("Cache-Control", "no-store");
  });
}
