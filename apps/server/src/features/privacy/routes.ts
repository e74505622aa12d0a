import { confirmationBody, deleteTenantBody } from "@nc/contracts/privacy";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { asAttachment } from "../../http/attachment";
import { auditMeta } from "../../http/audit-meta";
import { callerOf } from "../../http/caller";
import { clearSessionCookie, requireSession } from "../../http/context";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import { privacyService } from "./privacy-service";

const idParams = z.object({ id: z.string().max(64) });

/** Deleting one's account, deleting or restoring an organisation, exporting its data. */
export async function privacyRoutes(app: FastifyInstance) {
  const privacy = privacyService(app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/api/tenant/uc/confirm/code", async (request) =>
    ok(await privacy.sendCode(callerOf(request), requireSession(request).user.id)),
  );

  // Deletions need a fresh proof as well as their confirmation (docs/security.md, "Step-up").
  r.post(
    "/api/tenant/uc/delete",
    { schema: { body: confirmationBody }, config: { stepUp: true } },
    async (request, reply) => {
      const result = await privacy.deleteAccount(
        callerOf(request),
        requireSession(request).user.id,
        request.body,
      );
      clearSessionCookie(reply, request);
      return ok(result);
    },
  );

  // The person's own data, a JSON file (docs/security.md, "Privacy: export and deletion").
  r.post("/api/tenant/uc/export", { schema: { body: confirmationBody } }, async (request, reply) => {
    const file = await privacy.exportAccount(
      callerOf(request),
      requireSession(request).user.id,
      request.body,
      auditMeta(request),
    );
    return asAttachment(reply, "application/json; charset=utf-8", file.fileName).send(file.body);
  });

  r.post(
    "/api/tenant/s/:id/delete",
    {
      schema: { params: idParams, body: deleteTenantBody },
      config: { tenant: { param: "id" }, stepUp: true },
    },
    async (request) =>
      ok(
        await privacy.deleteTenant(
          callerOf(request),
          requireTenant(request),
          request.body,
          auditMeta(request),
        ),
      ),
  );

  // The two things an owner can still do while the organisation waits to be deleted.
  const duringGrace = { tenant: { param: "id" }, pendingDeletion: true } as const;

  r.post(
    "/api/tenant/s/:id/restore",
    { schema: { params: idParams, body: confirmationBody }, config: duringGrace },
    async (request) =>
      ok(
        await privacy.restoreTenant(
          callerOf(request),
          requireTenant(request),
          request.body,
          auditMeta(request),
        ),
      ),
  );

  r.post(
    "/api/tenant/s/:id/export",
    { schema: { params: idParams, body: confirmationBody }, config: duringGrace },
    async (request, reply) => {
      const archive = await privacy.exportTenant(
        callerOf(request),
        requireTenant(request),
        request.body,
        auditMeta(request),
        requestLocale(request),
      );
      return asAttachment(reply, "application/zip", archive.fileName).send(archive.stream);
    },
  );
}
