import type { FastifyInstance } from "fastify";
import { ok } from "../../core/envelope";
import { providerConsole } from "./provider-console";

/** The console's providers page: health, routing settings and margins (platform operators). */
export async function operatorProviderRoutes(app: FastifyInstance) {
  const { services } = app;
  const providers = providerConsole(
    services.lookupRouter,
    services.partners,
    services.lookup.sandbox,
    services.config,
    services.prices,
  );
  app.get("/api/operator/providers", { config: { operator: ["operator.provider:read"] } }, async () =>
    ok(await providers.view()),
  );
}
