import { fraudListAddBody, fraudListRemoveBody } from "@nc/contracts/fraud-lists";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../core/envelope";
import { requireTenant } from "../../http/tenant-context";
import { fraudListService } from "./fraud-list-service";

/** The organisation's fraud block and allow lists. */
export async function fraudListRoutes(app: FastifyInstance) {
  const lists = fraudListService(app.services.database.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ROUTE_PERMISSIONS.fraudLists } as const;
  const write = { tenant: true, permissions: ROUTE_PERMISSIONS.fraudListsEdit } as const;

  r.get("/api/tenant/fraud-list", { config: read }, async (request) =>
    ok(await lists.view(requireTenant(request).id)),
  );

  r.post("/api/tenant/fraud-list", { schema: { body: fraudListAddBody }, config: write }, async (request) => {
    const tenant = requireTenant(request);
    return ok(await lists.add({ tenantId: tenant.id, userId: tenant.userId, ...request.body }));
  });

  r.post(
    "/api/tenant/fraud-list/remove",
    { schema: { body: fraudListRemoveBody }, config: write },
    async (request) => {
      const tenant = requireTenant(request);
      return ok(await lists.remove(tenant.id, request.body.kind, request.body.entries));
    },
  );
}
