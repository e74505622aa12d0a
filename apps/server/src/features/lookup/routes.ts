import { SERVICES } from "@nc/contracts/services";
import type { FastifyInstance } from "fastify";
import { ok } from "../../core/envelope";
import { requestLocale } from "../../http/locale";
import { publicCallLimit } from "../../http/public-limit";
import { translate } from "../../i18n/translate";
import { listTimezones } from "./timezones";

/** Public look-ups: captcha challenge, services, time zones, and the partner's brand. */
export async function lookupRoutes(app: FastifyInstance) {
  publicCallLimit(app);

  app.get("/api/tenant/pub/captcha", async () => {
    const challenge = await app.services.captcha.challenge();
    return ok({ enabled: app.services.captcha.enabled, challenge });
  });

  app.get("/api/tenant/pub/service_tp", async (request) => {
    const locale = requestLocale(request);
    return ok(
      SERVICES.map((service) => ({
        code: service.code,
        id: service.id,
        name: translate(locale, `services:${service.code}.name`),
        description: translate(locale, `services:${service.code}.description`),
      })),
    );
  });

  app.get("/api/tenant/pub/timezone", async () => ok(listTimezones()));

  app.get("/api/tenant/partner/info", async (request) => ok(app.services.partners.siteInfo(request.partner)));
}
