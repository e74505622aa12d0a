import {
  changeEmailBody,
  changeEmailCodeBody,
  changePasswordBody,
  updateProfileBody,
} from "@nc/contracts/auth";
import { LOCALES } from "@nc/contracts/locales";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { callerOf } from "../../http/caller";
import { requireSession } from "../../http/context";
import { userService } from "./user-service";

/** The signed-in user's own account (docs/architecture.md, "Decisions and why", User). */
export async function userRoutes(app: FastifyInstance) {
  const users = userService(app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/tenant/uc/profile", async (request) => ok(await users.profile(requireSession(request))));

  // Only the product's languages, so a bad value is a field error rather than a stored oddity.
  const profileBody = updateProfileBody.extend({ locale: z.enum(LOCALES).optional() });
  r.post("/api/tenant/uc/profile", { schema: { body: profileBody } }, async (request) =>
    ok(await users.updateProfile(requireSession(request), request.body)),
  );

  r.post("/api/tenant/uc/change/password", { schema: { body: changePasswordBody } }, async (request) =>
    ok(
      await users.changePassword(
        callerOf(request),
        requireSession(request),
        request.body.password,
        request.body.newPassword,
      ),
    ),
  );

  r.post("/api/tenant/uc/change/email/code", { schema: { body: changeEmailCodeBody } }, async (request) =>
    ok(await users.sendChangeEmailCode(callerOf(request), requireSession(request), request.body.email)),
  );

  r.post("/api/tenant/uc/change/email", { schema: { body: changeEmailBody } }, async (request) =>
    ok(
      await users.changeEmail(
        callerOf(request),
        requireSession(request),
        request.body.email,
        request.body.code,
      ),
    ),
  );

  r.get("/api/tenant/uc/tenant_count", async (request) =>
    ok(await users.tenantCount(requireSession(request))),
  );
}
