import type { OperatorSupportView } from "@nc/contracts/operator";
import { sql } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { AuditMeta, OperatorContext } from "../../core/request-context";
import { exactUtc, queryRows } from "../../db/query";
import { recordAudit } from "../audit/index";
import { consoleRepo } from "./console-repo";
import { partnerLimit } from "./operator-service";

/** How many of an organisation's latest jobs support sees. */
const JOBS_SHOWN = 20;

/**
 * An organisation opened read-only as support (docs/operations.md, "The operator console"): its
 * members and latest jobs, with nothing to change. The opening is written to the organisation's
 * own audit log, so its owners see that support looked, who and when.
 */
export async function supportView(
  db: Db,
  operator: OperatorContext,
  tenantId: string,
  meta: AuditMeta,
): Promise<OperatorSupportView> {
  const customer = await consoleRepo(db).customer(partnerLimit(operator), tenantId);
  if (!customer) throw new AppError("notFound");
  const members = await queryRows<OperatorSupportView["members"][number]>(
    db,
    sql`select u.id as "userId", u.email, u.name, coalesce(r.key, r.name) as role,
          ${exactUtc("m.created_at")} as "joinedAt"
        from tenant_members m join users u on u.id = m.user_id join roles r on r.id = m.role_id
        where m.tenant_id = ${tenantId} order by r.is_super desc, u.email`,
  );
  const jobs = await queryRows<OperatorSupportView["jobs"][number]>(
    db,
    sql`select id, kind, channel, service, status, total, done, failed, file_name as "fileName",
          charged_micros::text as "chargedMicros", currency, ${exactUtc("created_at")} as "createdAt"
        from detection_jobs where tenant_id = ${tenantId} order by created_at desc limit ${JOBS_SHOWN}`,
  );
  await recordAudit(db, {
    tenantId,
    ...meta,
    action: "support.viewed",
    target: { type: "organisation", id: tenantId },
    details: { email: operator.email, partnerId: customer.partner_id },
  });
  return { members, jobs };
}
