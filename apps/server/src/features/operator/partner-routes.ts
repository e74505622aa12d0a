import { createPartnerBody, updatePartnerBody } from "@nc/contracts/operator";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requireOperator } from "../../http/operator-context";
import { operatorAuditMeta } from "./operator-service";
import { partnerConsole } from "./partner-console";

const idParams = z.object({ id: z.uuid() });

/** The console's partner sites (docs/operations.md, "The operator console"). */
export async function operatorPartnerRoutes(app: FastifyInstance) {
  const partners = partnerConsole(app.services.database.db, app.services.partners);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: Parameters<typeof auditMeta>[0]) =>
    operatorAuditMeta(requireOperator(request), auditMeta(request));

  r.get("/api/operator/partners", { config: { operator: ["operator.partner:read"] } }, async (request) =>
    ok(await partners.list(requireOperator(request))),
  );

  r.post(
    "/api/operator/partners",
    { schema: { body: createPartnerBody }, config: { operator: ["operator.partner:create"] } },
    async (request) => ok(await partners.create(requireOperator(request), request.body, meta(request))),
  );

  r.post(
    "/api/operator/partners/:id",
    {
      schema: { params: idParams, body: updatePartnerBody },
      config: { operator: ["operator.partner:update"] },
    },
    async (request) =>
      ok(await partners.update(requireOperator(request), request.params.id, request.body, meta(request))),
  );
}
