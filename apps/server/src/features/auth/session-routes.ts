import { stepUpBody } from "@nc/contracts/step-up";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { callerOf } from "../../http/caller";
import { clearSessionCookie, requireSession } from "../../http/context";
import { authService } from "./auth-service";
import { ownSessions } from "./own-sessions";

const idParams = z.object({ id: z.uuid() });

/** The signed-in person's own sessions (docs/security.md, "Sessions") and the step-up proof. */
export async function sessionRoutes(app: FastifyInstance) {
  const own = ownSessions(app.services);
  const auth = authService(app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/tenant/uc/sessions", async (request) =>
    ok({ sessions: await own.list(requireSession(request)) }),
  );

  r.delete("/api/tenant/uc/sessions/:id", { schema: { params: idParams } }, async (request, reply) => {
    const answer = await own.end(callerOf(request), requireSession(request), request.params.id);
    if (answer.current) clearSessionCookie(reply, request);
    return ok(answer);
  });

  r.post("/api/tenant/uc/sessions/end-others", async (request) =>
    ok(await own.endOthers(callerOf(request), requireSession(request))),
  );

  // docs/security.md, "Step-up": a fresh proof for what needs one.
  r.post("/api/tenant/uc/step-up", { schema: { body: stepUpBody } }, async (request) =>
    ok(await auth.stepUp(callerOf(request), requireSession(request), request.body)),
  );
}
