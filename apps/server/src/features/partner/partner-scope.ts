import { hasAnyPermission } from "@nc/contracts/permissions";
import { sql } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { TenantContext } from "../../core/request-context";
import { queryRows } from "../../db/query";

export const PARTNER_DETECTION_READ = ["dsp_detection:read"] as const;

/**
 * Whether the caller sees the jobs of all the partner's customers: dsp_detection:read in the
 * partner's own staff organisation (named by an operator). The permission alone is not enough,
 * as any organisation's admin could put it in a custom role of their own organisation.
 */
export async function seesPartnerJobs(db: Db, tenant: TenantContext): Promise<boolean> {
  if (!hasAnyPermission(tenant, PARTNER_DETECTION_READ)) return false;
  return isPartnerStaffTenant(db, tenant);
}

/** Whether the organisation is its partner's staff organisation, where partner-only rights count. */
export async function isPartnerStaffTenant(db: Db, tenant: Pick<TenantContext, "id" | "partnerId">) {
  const rows = await queryRows<{ staff: string | null }>(
    db,
    sql`select staff_tenant_id as staff from partners where id = ${tenant.partnerId}`,
  );
  return rows[0]?.staff === tenant.id;
}

/**
 * The organisation a job is read from: the caller's own, or with scope=partner, for partner staff,
 * the customer (of the same partner) the job belongs to. Another partner's job is not found.
 */
export async function jobOwner(
  db: Db,
  tenant: TenantContext,
  jobId: string,
  scope?: "partner",
): Promise<string> {
  if (scope !== "partner") return tenant.id;
  if (!(await seesPartnerJobs(db, tenant))) throw new AppError("forbidden");
  const rows = await queryRows<{ tenant_id: string }>(
    db,
    sql`select j.tenant_id from detection_jobs j join tenants t on t.id = j.tenant_id
        where j.id = ${jobId} and t.partner_id = ${tenant.partnerId}`,
  );
  if (!rows[0]) throw new AppError("notFound");
  return rows[0].tenant_id;
}
