import { type BatchItemView, detectionBatchBody, detectionCheckBody } from "@nc/contracts/detection-single";
import { ERRORS } from "@nc/contracts/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../core/app-error";
import { ok } from "../../../core/envelope";
import { requestLocale } from "../../../http/locale";
import { translate } from "../../../i18n/translate";
import type { DetectionService } from "../../detection/index";
import { requireApiKey } from "../api-key-auth";
import { meterUsage } from "../pipeline";

/** POST /api/v1/check and /check/batch: numbers answered synchronously. */
export function checkRoutes(scope: FastifyInstance, detection: DetectionService) {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  // One number, one service, answered at once: trade type 1, or free with a test key.
  r.post(
    "/api/v1/check",
    { schema: { body: detectionCheckBody }, config: { apiKey: { scopes: ["check"] } } },
    async (request) => {
      const key = requireApiKey(request);
      const view = await detection.check({
        tenantId: key.tenantId,
        // The partner's own routes apply to its customers' checks as to their dashboard's.
        partnerId: key.partnerId,
        userId: key.createdBy,
        ...request.body,
        apiKey: { id: key.keyId, test: key.mode === "test" },
      });
      meterUsage(request, { service: request.body.service, numbers: 1, costMicros: view.costMicros });
      return ok(view);
    },
  );

  // Up to 100 numbers answered in order, each charged as its own check; a number that cannot
  // be checked (no balance left, upstream down) says why in its place and costs nothing.
  r.post(
    "/api/v1/check/batch",
    { schema: { body: detectionBatchBody }, config: { apiKey: { scopes: ["check"] } } },
    async (request) => {
      const key = requireApiKey(request);
      const { numbers, ...rest } = request.body;
      const locale = requestLocale(request);
      const items: BatchItemView[] = [];
      let cost = 0n;
      // One after another: the balance check of each sees the charges before it.
      for (const number of numbers) {
        try {
          const data = await detection.check({
            tenantId: key.tenantId,
            partnerId: key.partnerId,
            userId: key.createdBy,
            ...rest,
            number,
            apiKey: { id: key.keyId, test: key.mode === "test" },
          });
          cost += BigInt(data.costMicros);
          items.push({ number, ok: true, data });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const msg = translate(locale, `errors:${error.key}`, error.params);
          items.push({ number, ok: false, error: { code: ERRORS[error.key].code, msg } });
        }
      }
      meterUsage(request, { service: rest.service, numbers: numbers.length, costMicros: cost });
      return ok({ items });
    },
  );
}
