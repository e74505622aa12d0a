import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { AppError } from "./core/app-error";
import type { Database } from "./db/client";
import { accountRoutes } from "./features/account/routes";
import { apiKeyRoutes } from "./features/api-key/routes";
import { apiRequestRoutes } from "./features/api-request/routes";
import { apiUsageRoutes } from "./features/api-usage/routes";
import { auditRoutes } from "./features/audit/routes";
import { passkeyRoutes } from "./features/auth/passkey-routes";
import { authRoutes } from "./features/auth/routes";
import { coverageRoutes } from "./features/coverage/routes";
import { detectionRoutes } from "./features/detection/routes";
import { fraudListRoutes } from "./features/fraud-list/routes";
import { healthRoutes } from "./features/health/routes";
import { invitationRoutes } from "./features/invitation/routes";
import { invoiceRoutes } from "./features/invoice/routes";
import { jobRoutes } from "./features/job/routes";
import { lookupRoutes } from "./features/lookup/routes";
import { memberRoutes } from "./features/member/routes";
import { noticeRoutes } from "./features/notice/routes";
import { openApiRoutes } from "./features/openapi/routes";
import { operatorMoneyRoutes } from "./features/operator/money-routes";
import { operatorPartnerRoutes } from "./features/operator/partner-routes";
import { operatorPriceRoutes } from "./features/operator/price-routes";
import { operatorProviderRoutes } from "./features/operator/provider-routes";
import { operatorRoutes } from "./features/operator/routes";
import { operatorUserRoutes } from "./features/operator/user-routes";
import { priceRoutes } from "./features/price/routes";
import { privacyRoutes } from "./features/privacy/routes";
import { publicApiRoutes } from "./features/public-api/routes";
import { autoTopUpRoutes } from "./features/recharge/auto-top-up/routes";
import { rechargeRoutes } from "./features/recharge/routes";
import { stripeWebhookRoutes } from "./features/recharge/stripe-webhook";
import { roleRoutes } from "./features/role/routes";
import { ssoRoutes } from "./features/sso/routes";
import { tenantRoutes } from "./features/tenant/routes";
import { userRoutes } from "./features/user/routes";
import { registerWeb, type WebMode } from "./features/web/web-handler";
import { webhookRoutes } from "./features/webhook/routes";
import { registerCompression } from "./http/compression";
import { registerRequestContext } from "./http/context";
import { registerCrossSiteCheck } from "./http/cross-site";
import { registerErrorHandling, sendFrameworkError } from "./http/error-handler";
import { registerHostCheck } from "./http/host";
import { BODY_LIMIT_BYTES, registerJsonBody } from "./http/json-body";
import { logDestination, loggerOptions, registerRequestLog } from "./http/logging";
import { registerOperatorContext } from "./http/operator-context";
import { newRequestId, registerRequestId } from "./http/request-id";
import { securityHeaders } from "./http/security-headers";
import { registerStepUp } from "./http/step-up";
import { registerTenantContext, type TenantRoute } from "./http/tenant-context";
import { registerWellFormedText } from "./http/well-formed-text";
import { createServices, httpServicesOf } from "./services";

export interface AppOptions {
  config: Config;
  database: Database;
  web: WebMode;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every tenant-scoped route with its permission: the cross-tenant tests are generated from it. */
    tenantRoutes: TenantRoute[];
  }
}

/** Builds the whole HTTP application on an open database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logStream = logDestination(options.logStream);
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    // One line per request instead of two (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: sendFrameworkError,
    genReqId: newRequestId,
  });
  // JSON only: a cross-site form post (text/plain) is refused before any handler sees it.
  app.removeContentTypeParser("text/plain");
  registerJsonBody(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = await createServices(config, options.database, app.log);
  app.decorate("services", services);
  app.decorate("httpServices", httpServicesOf(services));
  app.addHook("onClose", () => services.close());

  await app.register(fastifyCookie);
  registerCompression(app);
  registerErrorHandling(app);
  // Before any route's schema: text PostgreSQL cannot store is the field's error, not a 500.
  registerWellFormedText(app);
  registerRequestLog(app, config.LOG_LEVEL, logStream);
  registerRequestId(app);
  // Before the context: a malformed host never picks a partner, a cross-site call never reaches a session.
  registerHostCheck(app);
  registerCrossSiteCheck(app);
  registerRequestContext(app);
  app.decorate("tenantRoutes", registerTenantContext(app));
  registerStepUp(app);
  registerOperatorContext(app);
  securityHeaders(app);
  await app.register(openApiRoutes);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(passkeyRoutes);
  await app.register(userRoutes);
  await app.register(lookupRoutes);
  await app.register(coverageRoutes);
  await app.register(tenantRoutes);
  await app.register(roleRoutes);
  await app.register(ssoRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes);
  await app.register(noticeRoutes);
  await app.register(rechargeRoutes);
  await app.register(autoTopUpRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(accountRoutes);
  await app.register(invoiceRoutes);
  await app.register(priceRoutes);
  await app.register(jobRoutes);
  await app.register(detectionRoutes);
  await app.register(fraudListRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(apiUsageRoutes);
  await app.register(apiRequestRoutes);
  await app.register(auditRoutes);
  await app.register(operatorRoutes);
  await app.register(operatorPartnerRoutes);
  await app.register(operatorPriceRoutes);
  await app.register(operatorProviderRoutes);
  await app.register(operatorUserRoutes);
  await app.register(operatorMoneyRoutes);
  await app.register(privacyRoutes);
  await app.register(publicApiRoutes);

  const renderPage = await registerWeb(app, options.web);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || !renderPage) throw new AppError("notFound");
    return renderPage(request, reply);
  });
  return app;
}
