import { usagePeriodQuery } from "@nc/contracts/api-usage";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../../core/db";
import { ok } from "../../../core/envelope";
import type { ApiKeyService } from "../../api-key/index";
import { apiUsageService } from "../../api-usage/index";
import type { BillingService } from "../../billing/index";
import { requireApiKey } from "../api-key-auth";

/**
 * GET /api/v1/usage and /api/v1/balance: what was used and what is left, the calling key's spend
 * limits included (scope usage:read).
 */
export function usageApiRoutes(
  scope: FastifyInstance,
  db: Db,
  billing: BillingService,
  keys: Pick<ApiKeyService, "spendOf">,
) {
  const usage = apiUsageService(db, billing);
  const config = { apiKey: { scopes: ["usage:read"] as const } };
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get("/api/v1/balance", { config }, async (request) => {
    const key = requireApiKey(request);
    const { balanceMicros, currency } = await billing.balance(key.tenantId);
    const spend = await keys.spendOf(key.tenantId, key.keyId);
    return ok({
      balanceMicros: balanceMicros.toString(),
      currency,
      key: {
        dailyLimitMicros: spend?.dailyLimitMicros ?? null,
        monthlyLimitMicros: spend?.monthlyLimitMicros ?? null,
        todayMicros: spend?.todayMicros ?? "0",
        thisMonthMicros: spend?.thisMonthMicros ?? "0",
      },
    });
  });

  // Days in the organisation's time zone, read from the daily rollups.
  r.get("/api/v1/usage", { schema: { querystring: usagePeriodQuery }, config }, async (request) => {
    const key = requireApiKey(request);
    return ok(await usage.dailyUsage(key.tenantId, request.query.from, request.query.to));
  });
}
