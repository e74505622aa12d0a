import { fraudListAddBody, fraudListRemoveBody } from "@nc/contracts/fraud-lists";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../http/envelope";
import { requireTenant } from "../../http/tenant-context";
import { fraudListService } from "./fraud-list-service";

/** Who may read the lists (they shape every fraud result) and who may change them (settings). */
export const FRAUD_LIST_READ = ["tenant:update", "detection:read", "detection:create"] as const;
export const FRAUD_LIST_WRITE = ["tenant:update"] as const;

/** The organisation's fraud block and allow lists. */
export async function fraudListRoutes(app: FastifyInstance) {
  const lists = fraudListService(app.services.database.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: FRAUD_LIST_READ } as const;
  const write = { tenant: true, permissions: FRAUD_LIST_WRITE } as const;

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
