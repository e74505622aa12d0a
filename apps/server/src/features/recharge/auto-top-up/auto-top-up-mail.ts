import { DEFAULT_LOCALE, isLocale, localizePath } from "@nc/contracts/locales";
import { formatMoney } from "@nc/contracts/money";
import { eq } from "drizzle-orm";
import type { Db } from "../../../core/db";
import { autoTopUps, partners, rechargeOrders, tenants, users } from "../../../db/schema/index";
import { siteUrl } from "../../../http/public-url";
import type { Services } from "../../../services";

/**
 * The e-mail beside each automatic top-up's notice, to the person who last set it up (they may not
 * be looking at the dashboard when their card is charged or refused), in their language, from the
 * organisation's brand, linking to the brand's own site. Sent after the change is committed, so a mail failure never undoes it.
 */
export function autoTopUpMail(db: Db, s: Pick<Services, "mailer" | "partners">, publicUrl: string) {
  return async (orderId: string, kind: "made" | "failed"): Promise<void> => {
    const [row] = await db
      .select({
        order: rechargeOrders,
        tenant: tenants,
        partner: partners,
        email: users.email,
        locale: users.locale,
      })
      .from(rechargeOrders)
      .innerJoin(tenants, eq(tenants.id, rechargeOrders.tenantId))
      .innerJoin(partners, eq(partners.id, tenants.partnerId))
      .innerJoin(autoTopUps, eq(autoTopUps.tenantId, rechargeOrders.tenantId))
      .innerJoin(users, eq(users.id, autoTopUps.updatedBy))
      .where(eq(rechargeOrders.id, orderId));
    if (!row) return;
    const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
    const amount = row.order.receivedMicros ?? row.order.amountMicros;
    s.mailer.later(() =>
      s.mailer.send({
        partnerId: row.partner.id,
        site: s.partners.siteInfo(row.partner),
        to: row.email,
        locale,
        template: kind === "made" ? "autoTopUpMade" : "autoTopUpFailed",
        params: {
          tenant: row.tenant.name,
          amount: formatMoney(amount, row.order.currency, locale),
          // On the organisation's brand's own domain, where its people sign in.
          link: `${siteUrl(publicUrl, row.partner.domain)}${localizePath("/dashboard/account/recharge", locale)}`,
        },
      }),
    );
  };
}
