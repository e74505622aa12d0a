import { autoTopUpBody } from "@nc/contracts/auto-top-up";
import { localePrefix } from "@nc/contracts/locales";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../../core/envelope";
import { auditMeta } from "../../../http/audit-meta";
import { requestLocale } from "../../../http/locale";
import { publicUrlFor } from "../../../http/public-url";
import { requireTenant } from "../../../http/tenant-context";
import { autoTopUpMail } from "./auto-top-up-mail";
import { type AutoTopUpService, autoTopUpService } from "./auto-top-up-service";
import { type AutoTopUpSweeper, autoTopUpSweeper } from "./sweeper";

declare module "fastify" {
  interface FastifyInstance {
    /** Automatic top-up: the service (Stripe's webhook, tests) and its sweeper (started by main.ts). */
    autoTopUp: { service: AutoTopUpService; sweeper: AutoTopUpSweeper };
  }
}

/**
 * The saved card and automatic top-up of the active organisation (docs/operations.md, "Automatic
 * top-up"): read with account:read; changed, like the other money settings, with tenant:update
 * and a fresh proof (docs/security.md, "Step-up").
 */
async function autoTopUp(app: FastifyInstance) {
  const { config, database, billing, notices } = app.services;
  const mail = autoTopUpMail(database.db, app.services, config.publicUrl);
  const service = autoTopUpService(database.db, config, { billing, notices, mail });
  const sweeper = autoTopUpSweeper(service, app.log);
  app.decorate("autoTopUp", { service, sweeper });
  // A charge that sets a low-balance flag wakes the sweeper at once, after its commit.
  const stopListening = billing.onLowBalance(() => sweeper.wake());
  app.addHook("onClose", async () => {
    stopListening();
    await sweeper.stop();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ["account:read"] } as const;
  const change = { tenant: true, permissions: ["tenant:update"], stepUp: true } as const;

  r.get("/api/tenant/recharge/auto", { config: read }, async (request) =>
    ok(await service.settings(requireTenant(request).id)),
  );

  r.post("/api/tenant/recharge/auto", { schema: { body: autoTopUpBody }, config: change }, async (request) =>
    ok(await service.save(requireTenant(request).id, request.body, auditMeta(request))),
  );

  r.post("/api/tenant/recharge/card/setup", { config: change }, async (request) => {
    const tenant = requireTenant(request);
    const back = `${publicUrlFor(app, request)}${localePrefix(requestLocale(request))}/dashboard/account/recharge`;
    return ok(await service.setupCard({ tenantId: tenant.id, tenantName: tenant.name, backUrl: back }));
  });

  r.delete("/api/tenant/recharge/card", { config: change }, async (request) =>
    ok(await service.removeCard(requireTenant(request).id, auditMeta(request))),
  );
}

export const autoTopUpRoutes = fp(autoTopUp, { name: "auto-top-up" });
