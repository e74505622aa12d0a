import type { FastifyRequest } from "fastify";
import type { Caller } from "../core/request-context";
import { requestLocale } from "./locale";

export function callerOf(request: FastifyRequest): Caller {
  return {
    partner: request.partner,
    locale: requestLocale(request),
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  };
}
