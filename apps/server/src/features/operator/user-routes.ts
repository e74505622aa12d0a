import { userSearchQuery } from "@nc/contracts/operator";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireOperator } from "../../http/operator-context";
import { operatorAuditMeta } from "./operator-service";
import { userConsole } from "./user-console";

const idParams = z.object({ id: z.uuid() });

/** The console's accounts: search, detail, sign out everywhere (docs/operations.md). */
export async function operatorUserRoutes(app: FastifyInstance) {
  const users = userConsole(app.services.database.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/operator/users",
    { schema: { querystring: userSearchQuery }, config: { operator: ["operator.user:read"] } },
    async (request) => ok(await users.search(requireOperator(request), request.query)),
  );

  r.get(
    "/api/operator/users/:id",
    { schema: { params: idParams }, config: { operator: ["operator.user:read"] } },
    async (request) => ok(await users.get(requireOperator(request), request.params.id)),
  );

  r.post(
    "/api/operator/users/:id/end-sessions",
    { schema: { params: idParams }, config: { operator: ["operator.user:update"] } },
    async (request) => {
      const operator = requireOperator(request);
      return ok(
        await users.endSessions(operator, request.params.id, operatorAuditMeta(operator, auditMeta(request))),
      );
    },
  );
}
