import { TRADE_TYPES } from "@nc/contracts/trade-types";
import type { Db } from "../../apps/server/src/core/db";
import { auditService } from "../../apps/server/src/features/audit/audit-service";
import { userRepo } from "../../apps/server/src/features/auth/user-repo";
import { partnerService } from "../../apps/server/src/features/partner/partner-service";
import { ensureStandardPrices } from "../../apps/server/src/features/price/price-service";
import { tenantService } from "../../apps/server/src/features/tenant/tenant-service";
import { coreServices } from "../../apps/server/src/services";

/** An organisation with `balanceMicros` on its account and its owner, made through the services. */
export async function benchOrganisation(db: Db, balanceMicros: bigint) {
  const core = coreServices(db);
  const partner = await partnerService(db, { name: "Bench", email: "bench@example.com" }).ensureDefault();
  await ensureStandardPrices(db);
  const user = (await userRepo(db).create({
    partnerId: partner.id,
    email: `bench-${Date.now()}@example.com`,
    name: "Bench",
    passwordHash: "-",
  }))!;
  const { id: tenantId } = await tenantService(db, auditService(db, { retentionDays: 365 })).create(
    { userId: user.id, partnerId: partner.id, name: "Bench Org", timezoneCode: "UTC" },
    { actor: { type: "system" }, ip: null, userAgent: null },
  );
  await core.billing.credit({
    tenantId,
    tradeType: TRADE_TYPES.recharge,
    amountMicros: balanceMicros,
    actor: { type: "system" },
  });
  return { core, tenantId, userId: user.id };
}
