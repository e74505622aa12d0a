import {
  adjustBalanceBody,
  confirmRechargeBody,
  customerSearchQuery,
  grantOperatorBody,
  rejectRechargeBody,
} from "@nc/contracts/operator";
import { RECHARGE_STATUSES } from "@nc/contracts/recharge";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../core/envelope";
import { auditMeta } from "../../http/audit-meta";
import { requestLocale } from "../../http/locale";
import { requireOperator } from "../../http/operator-context";
import { consoleService } from "./console-service";
import { operatorAuditMeta, operatorService } from "./operator-service";

const idParams = z.object({ id: z.uuid() });
const userParams = z.object({ userId: z.uuid() });
const rechargeQuery = z.object({ status: z.enum([...RECHARGE_STATUSES, "all"]).default("pending") });
const auditQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * The operator console's API (docs/operations.md, "The operator console"): each route names the
 * operator right it needs; the services limit every read and change to the operator's partner.
 */
export async function operatorRoutes(app: FastifyInstance) {
  const db = app.services.database.db;
  const operators = operatorService(db);
  const console = consoleService(db, app.services);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: Parameters<typeof auditMeta>[0]) =>
    operatorAuditMeta(requireOperator(request), auditMeta(request));

  r.get("/api/operator/me", { config: { operator: [] } }, async (request) =>
    ok(await operators.me(requireOperator(request))),
  );

  r.get("/api/operator/operators", { config: { operator: ["operator.operator:read"] } }, async (request) =>
    ok(await operators.list(requireOperator(request))),
  );

  r.post(
    "/api/operator/operators",
    { schema: { body: grantOperatorBody }, config: { operator: ["operator.operator:grant"] } },
    async (request) =>
      ok(
        await operators.grant(
          { kind: "operator", operator: requireOperator(request), meta: auditMeta(request) },
          request.body,
        ),
      ),
  );

  r.delete(
    "/api/operator/operators/:userId",
    { schema: { params: userParams }, config: { operator: ["operator.operator:grant"] } },
    async (request) =>
      ok({
        revoked: await operators.revoke(
          { kind: "operator", operator: requireOperator(request), meta: auditMeta(request) },
          request.params.userId,
        ),
      }),
  );

  r.get("/api/operator/payment-methods", { config: { operator: ["operator.recharge:read"] } }, async () =>
    ok(app.services.recharge.paymentMethods()),
  );

  r.get(
    "/api/operator/recharges",
    { schema: { querystring: rechargeQuery }, config: { operator: ["operator.recharge:read"] } },
    async (request) => {
      const { status } = request.query;
      return ok(await console.recharges(requireOperator(request), status === "all" ? null : status));
    },
  );

  r.post(
    "/api/operator/recharges/:id/confirm",
    {
      schema: { params: idParams, body: confirmRechargeBody },
      config: { operator: ["operator.recharge:confirm"] },
    },
    async (request) =>
      ok(
        await console.confirmRecharge(
          requireOperator(request),
          request.params.id,
          request.body,
          meta(request),
        ),
      ),
  );

  r.post(
    "/api/operator/recharges/:id/reject",
    {
      schema: { params: idParams, body: rejectRechargeBody },
      config: { operator: ["operator.recharge:confirm"] },
    },
    async (request) =>
      ok(
        await console.rejectRecharge(
          requireOperator(request),
          request.params.id,
          request.body.note,
          meta(request),
        ),
      ),
  );

  r.get(
    "/api/operator/customers",
    { schema: { querystring: customerSearchQuery }, config: { operator: ["operator.customer:read"] } },
    async (request) => ok(await console.customers(requireOperator(request), request.query)),
  );

  r.get(
    "/api/operator/customers/:id",
    { schema: { params: idParams }, config: { operator: ["operator.customer:read"] } },
    async (request) => ok(await console.customer(requireOperator(request), request.params.id)),
  );

  r.post(
    "/api/operator/customers/:id/balance",
    {
      schema: { params: idParams, body: adjustBalanceBody },
      config: { operator: ["operator.balance:adjust"] },
    },
    async (request) =>
      ok(
        await console.adjustBalance(requireOperator(request), request.params.id, request.body, meta(request)),
      ),
  );

  r.get(
    "/api/operator/audit",
    { schema: { querystring: auditQuery }, config: { operator: ["operator.audit:read"] } },
    async (request) =>
      ok(await console.audit(requireOperator(request), request.query, requestLocale(request))),
  );
}
