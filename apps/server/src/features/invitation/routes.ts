import { inviteBody, inviteRegisterBody, inviteTokenBody } from "@nc/contracts/members";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { callerOf } from "../../http/caller";
import { requireSession, sessionToken, setSessionCookie } from "../../http/context";
import { publicCallLimit } from "../../http/public-limit";
import { publicUrlFor } from "../../http/public-url";
import { requireTenant } from "../../http/tenant-context";
import { rememberDevice } from "../auth/index";
import { INVITE_PERMISSIONS, type Inviter, invitationService } from "./invitation-service";

const idParams = z.object({ id: z.uuid() });

/** Invitations of the active organisation, and the public calls behind the invitation link. */
export async function invitationRoutes(app: FastifyInstance) {
  const invites = invitationService(app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const create = { tenant: true, permissions: INVITE_PERMISSIONS } as const;
  // An invitation grants a role: members' rights, so a fresh proof (docs/security.md, "Step-up").
  const invite = { ...create, stepUp: true } as const;
  const inviter = (request: FastifyRequest): Inviter => {
    const { user } = requireSession(request);
    return {
      caller: callerOf(request),
      user: { id: user.id, name: user.name },
      publicUrl: publicUrlFor(app, request),
    };
  };

  r.get(
    "/api/tenant/invite",
    { config: { tenant: true, permissions: ["tenant_user:read"] } },
    async (request) => ok(await invites.listPending(requireTenant(request))),
  );

  r.post("/api/tenant/invite", { schema: { body: inviteBody }, config: invite }, async (request) =>
    ok(await invites.create(requireTenant(request), inviter(request), request.body)),
  );

  r.post(
    "/api/tenant/invite/s/:id/resend",
    { schema: { params: idParams }, config: create },
    async (request) => ok(await invites.resend(requireTenant(request), inviter(request), request.params.id)),
  );

  r.delete(
    "/api/tenant/invite/s/:id",
    { schema: { params: idParams }, config: { tenant: true, permissions: ["tenant_user:delete"] } },
    async (request) =>
      ok(await invites.revoke(requireTenant(request), request.params.id, auditMeta(request))),
  );

  await app.register(async (pub) => {
    publicCallLimit(pub);
    const p = pub.withTypeProvider<ZodTypeProvider>();

    p.post("/api/tenant/pub/invite/check", { schema: { body: inviteTokenBody } }, async (request) =>
      ok(await invites.check(request.partner, request.body.token)),
    );

    p.post("/api/tenant/pub/invite/accept/has_user", { schema: { body: inviteTokenBody } }, async (request) =>
      ok(
        await invites.acceptAsUser(
          request.partner,
          requireSession(request).user,
          request.body.token,
          callerOf(request),
        ),
      ),
    );

    p.post(
      "/api/tenant/pub/invite/accept/no_user",
      { schema: { body: inviteRegisterBody } },
      async (request, reply) => {
        const { tenantId, user, session } = await invites.acceptAsNewUser(callerOf(request), request.body);
        // A new id at every sign-in: whatever session the browser had before is ended.
        await app.services.sessions.destroy(sessionToken(request));
        setSessionCookie(reply, request, session.token, session.expiresAt);
        // The registering device becomes known: the account's first sign-ins from it tell no one.
        await rememberDevice(app, request, reply, user, "register");
        return ok({ tenantId, user, expiresAt: session.expiresAt.toISOString() });
      },
    );

    p.post("/api/tenant/pub/invite/reject", { schema: { body: inviteTokenBody } }, async (request) =>
      ok(await invites.reject(request.partner, request.body.token)),
    );
  });
}
