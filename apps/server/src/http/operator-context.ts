import type { OperatorPermission } from "@nc/contracts/operator";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../core/app-error";
import type { OperatorContext } from "../core/request-context";
import { requireSession } from "./context";

declare module "fastify" {
  interface FastifyRequest {
    operator: OperatorContext | null;
  }
  interface FastifyInstance {
    /** Every /api/operator/ route with the rights it asks for (the permission tests read it). */
    operatorRoutes: OperatorRoute[];
  }
  interface FastifyContextConfig {
    /**
     * An operator console route (docs/operations.md, "The operator console"): the signed-in user
     * must be an operator holding any one of these rights (an empty list: any operator).
     */
    operator?: readonly OperatorPermission[];
  }
}

export interface OperatorRoute {
  method: string;
  url: string;
  rights: readonly OperatorPermission[];
}

const CONSOLE_PREFIX = "/api/operator/";

/**
 * Resolves the operator of every console route and enforces its right. Rights are read on every
 * request, so a revoked operator is refused at once. A customer organisation's roles count for
 * nothing here: being an Owner of an organisation does not open the console.
 */
export function registerOperatorContext(app: FastifyInstance) {
  app.decorateRequest("operator", null);
  const routes: OperatorRoute[] = [];
  app.decorate("operatorRoutes", routes);
  // A console route that forgot to name its right would be open to every signed-in user: refuse
  // to start instead.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(CONSOLE_PREFIX)) return;
    const rights = route.config?.operator;
    if (!rights) throw new Error(`${route.url} is a console route without config.operator`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, rights });
    }
  });
  // Before validation: someone who may not open the console learns nothing of a route's body.
  app.addHook("preValidation", async (request) => {
    const wanted = request.routeOptions.config.operator;
    if (!wanted) return;
    const session = requireSession(request);
    const operator = await app.httpServices.operatorContext(session.user.id);
    if (!operator) throw new AppError("forbidden");
    if (wanted.length > 0 && !wanted.some((right) => operator.permissions.includes(right)))
      throw new AppError("forbidden");
    request.operator = operator;
  });
}

/** The operator of a console route (the hook has resolved it). */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError("forbidden");
  return request.operator;
}
