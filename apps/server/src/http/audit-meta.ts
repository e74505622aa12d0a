import type { FastifyRequest } from "fastify";
import type { AuditMeta } from "../core/request-context";

/**
 * Who made this request and from where, as plain values for the audit log: the API key on the
 * public API, else the signed-in user. Routes pass it to services; services never read requests.
 */
export function auditMeta(request: FastifyRequest): AuditMeta {
  const userAgent = request.headers["user-agent"] ?? null;
  const actor: AuditMeta["actor"] = request.apiKey
    ? { type: "api_key", id: request.apiKey.keyId }
    : request.session
      ? { type: "user", id: request.session.user.id }
      : { type: "system" };
  return { actor, ip: request.ip, userAgent };
}
