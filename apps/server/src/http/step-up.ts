import { STEP_UP_WINDOW_MINUTES } from "@nc/contracts/step-up";
import type { FastifyInstance } from "fastify";
import { AppError } from "../core/app-error";
import { MINUTE_MS } from "../core/time";
import { requireSession } from "./context";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route needs a second factor (or the password, without one) proved in this session within
     * the last ten minutes; the sign-in itself counts (docs/security.md, "Step-up").
     */
    stepUp?: boolean;
  }
}

/**
 * Refuses a step-up route whose session proved nothing lately with 403 / 40340, after the
 * organisation and its permission are checked (registered after the tenant context), so a caller
 * without the right learns nothing more. Public API calls carry no session and no such route.
 */
export function registerStepUp(app: FastifyInstance) {
  app.addHook("preHandler", async (request) => {
    if (!request.routeOptions.config.stepUp) return;
    const session = requireSession(request);
    if (Date.now() - session.stepUpAt.getTime() > STEP_UP_WINDOW_MINUTES * MINUTE_MS)
      throw new AppError("stepUpRequired", null, { minutes: STEP_UP_WINDOW_MINUTES });
  });
}
