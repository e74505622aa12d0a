import { detectionCheckBody } from "@nc/contracts/detection-single";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../http/envelope";
import { apiKeyService } from "../api-key/api-key-service";
import { detectionService } from "../detection/detection-service";
import { apiKeyAuth, requireApiKey } from "./api-key-auth";

/** The public REST API, v1: API keys in `Authorization: Bearer`, the same envelope, real statuses. */
export async function publicApiRoutes(app: FastifyInstance) {
  const { database, lookup } = app.services;
  const keys = apiKeyService(database.db);
  const detection = detectionService(database.db, lookup);

  await app.register(async (scope) => {
    apiKeyAuth(scope, database.db, keys);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    // One number, one service, answered at once: trade type 1, or free with a test key.
    r.post(
      "/api/v1/check",
      { schema: { body: detectionCheckBody }, config: { apiKey: { scopes: ["check"] } } },
      async (request) => {
        const key = requireApiKey(request);
        return ok(
          await detection.check({
            tenantId: key.tenantId,
            userId: key.createdBy,
            ...request.body,
            apiKey: { id: key.keyId, test: key.mode === "test" },
          }),
        );
      },
    );
  });
}
