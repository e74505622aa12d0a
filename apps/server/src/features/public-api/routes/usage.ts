import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/client";
import { ok } from "../../../http/envelope";
import { billingService } from "../../billing/billing-service";
import { requireApiKey } from "../api-key-auth";

/** GET /api/v1/balance: what is left to spend (scope usage:read). */
export function accountApiRoutes(scope: FastifyInstance, db: Db) {
  const billing = billingService(db);
  scope.get("/api/v1/balance", { config: { apiKey: { scopes: ["usage:read"] } } }, async (request) => {
    const key = requireApiKey(request);
    const { balanceMicros, currency } = await billing.balance(key.tenantId);
    return ok({ balanceMicros: balanceMicros.toString(), currency });
  });
}
