import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The site's own origin for links (pages, e-mails): the partner's domain when the request came in
 * on it, else PUBLIC_URL.
 */
export function publicUrlFor(app: FastifyInstance, request: FastifyRequest): string {
  const host = request.host;
  const partner = request.partner;
  if (partner.domain && host.split(":")[0] === partner.domain) return `${request.protocol}://${host}`;
  return app.services.config.publicUrl;
}
