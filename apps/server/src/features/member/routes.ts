import { memberRoleBody } from "@nc/contracts/members";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireTenant } from "../../http/tenant-context";
import { memberService } from "./member-service";

const userParams = z.object({ userId: z.uuid() });

/** Members of the active organisation (tab Members, screens member/{id}). */
export async function memberRoutes(app: FastifyInstance) {
  const members = memberService(app.services.database.db, app.services.notices, app.services.audit);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ["tenant_user:read"] } as const;

  r.get("/api/tenant/tenant_user", { config: read }, async (request) =>
    ok(await members.list(requireTenant(request))),
  );

  r.get(
    "/api/tenant/tenant_user/roles",
    { config: { tenant: true, permissions: ["tenant_user:create", "tenant_user:update"] } },
    async (request) => ok(await members.roles(requireTenant(request))),
  );

  r.get(
    "/api/tenant/tenant_user/s/:userId",
    { schema: { params: userParams }, config: read },
    async (request) => ok(await members.get(requireTenant(request), request.params.userId)),
  );

  r.post(
    "/api/tenant/tenant_user/s/:userId",
    {
      schema: { params: userParams, body: memberRoleBody },
      // Members' rights need a fresh proof (docs/security.md, "Step-up").
      config: { tenant: true, permissions: ["tenant_user:update"], stepUp: true },
    },
    async (request) =>
      ok(
        await members.changeRole(
          requireTenant(request),
          request.params.userId,
          request.body.roleId,
          auditMeta(request),
        ),
      ),
  );

  r.delete(
    "/api/tenant/tenant_user/s/:userId",
    {
      schema: { params: userParams },
      config: { tenant: true, permissions: ["tenant_user:delete"], stepUp: true },
    },
    async (request) =>
      ok(await members.remove(requireTenant(request), request.params.userId, auditMeta(request))),
  );
}
