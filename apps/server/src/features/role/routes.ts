import { PERMISSION_CATALOG, permissionsOffered } from "@nc/contracts/permission-catalog";
import { roleBody } from "@nc/contracts/tenancy";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireTenant } from "../../http/tenant-context";
import { isPartnerStaffTenant } from "../partner/index";
import { roleService } from "./role-service";

const idParams = z.object({ id: z.uuid() });

/** Roles of the active organisation and the permission catalogue they are built from. */
export async function roleRoutes(app: FastifyInstance) {
  const roles = roleService(app.services.database.db, app.services.audit);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ["role:read"] } as const;

  // What this organisation's roles may hold: partner-only rights only in the partner's staff
  // organisation, the one place they count (docs/security.md, roles and rights).
  r.get("/api/tenant/permission/catalog", { config: read }, async (request) => {
    const tenant = requireTenant(request);
    const permissions = permissionsOffered(await isPartnerStaffTenant(app.services.database.db, tenant));
    const groups = Object.fromEntries(
      Object.entries(PERMISSION_CATALOG).flatMap(([resource, actions]) => {
        const offered = actions.filter((action) => permissions.includes(`${resource}:${action}`));
        return offered.length > 0 ? [[resource, offered]] : [];
      }),
    );
    return ok({ groups, permissions });
  });

  r.get("/api/tenant/role", { config: read }, async (request) =>
    ok(await roles.list(requireTenant(request).id)),
  );

  r.get("/api/tenant/role/s/:id", { schema: { params: idParams }, config: read }, async (request) =>
    ok(await roles.get(requireTenant(request).id, request.params.id)),
  );

  r.post(
    "/api/tenant/role",
    // What a role allows is members' rights: a fresh proof (docs/security.md, "Step-up").
    { schema: { body: roleBody }, config: { tenant: true, permissions: ["role:create"], stepUp: true } },
    async (request) => ok(await roles.create(requireTenant(request), request.body, auditMeta(request))),
  );

  r.post(
    "/api/tenant/role/s/:id",
    {
      schema: { params: idParams, body: roleBody },
      config: { tenant: true, permissions: ["role:update"], stepUp: true },
    },
    async (request) =>
      ok(await roles.update(requireTenant(request), request.params.id, request.body, auditMeta(request))),
  );

  r.delete(
    "/api/tenant/role/s/:id",
    { schema: { params: idParams }, config: { tenant: true, permissions: ["role:delete"], stepUp: true } },
    async (request) =>
      ok(await roles.remove(requireTenant(request).id, request.params.id, auditMeta(request))),
  );
}
