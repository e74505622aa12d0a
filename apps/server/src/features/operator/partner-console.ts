import type { CreatePartnerBody, OperatorPartnerView, UpdatePartnerBody } from "@nc/contracts/operator";
import { sql } from "drizzle-orm";
import { AppError, fieldError } from "../../core/app-error";
import { type Db, isUniqueViolation, uniqueViolationDetail } from "../../core/db";
import type { AuditMeta, OperatorContext, PartnerRow } from "../../core/request-context";
import { queryRows } from "../../db/query";
import { recordAudit } from "../audit/index";
import type { PartnerService } from "../partner/index";
import { partnerLimit, reachesPartner } from "./operator-service";

/** The brand fields the audit log compares before and after a change. */
const BRAND_FIELDS = [
  "name",
  "domain",
  "subDomain",
  "email",
  "logo",
  "darkLogo",
  "currency",
  "primaryColor",
  "staffTenantId",
] as const;

const pick = (row: PartnerRow, fields: readonly string[]) =>
  Object.fromEntries(fields.map((name) => [name, row[name as keyof PartnerRow] ?? null]));

const view = (row: PartnerRow, customers: number): OperatorPartnerView => ({
  id: row.id,
  name: row.name,
  domain: row.domain ?? "",
  subDomain: row.subDomain ?? "",
  email: row.email,
  logo: row.logo,
  darkLogo: row.darkLogo,
  currency: row.currency,
  primaryColor: row.primaryColor,
  isDefault: row.isDefault,
  staffTenantId: row.staffTenantId,
  customers,
  createdAt: row.createdAt.toISOString(),
});

/** Empty host names are stored as none (so the unique indexes let many partners have none). */
const hosts = <T extends { domain?: string; subDomain?: string }>(body: T) => ({
  ...body,
  ...(body.domain === undefined ? {} : { domain: body.domain || null }),
  ...(body.subDomain === undefined ? {} : { subDomain: body.subDomain || null }),
});

/**
 * Partner sites in the operator console (docs/operations.md, "The operator console"): a platform
 * operator lists, creates and edits every partner; a partner operator sees and edits only their
 * own. Changes go through the running server's partner service, so its host cache is renewed at
 * once, and each is recorded in the audit log with before and after.
 */
export function partnerConsole(db: Db, partners: PartnerService) {
  async function customerCounts(): Promise<Map<string, number>> {
    const rows = await queryRows<{ partner_id: string; n: number }>(
      db,
      sql`select partner_id, count(*)::int as n from tenants
          where status not in ('purging', 'deleted') group by partner_id`,
    );
    return new Map(rows.map((row) => [row.partner_id, row.n]));
  }

  /** A staff organisation must be one of the partner's own customers. */
  async function checkStaffTenant(partnerId: string, tenantId: string | null | undefined) {
    if (!tenantId) return;
    const rows = await queryRows<{ partner_id: string }>(
      db,
      sql`select partner_id from tenants where id = ${tenantId}`,
    );
    if (rows[0]?.partner_id !== partnerId) throw fieldError("staffTenantId", "not_partner_customer");
  }

  /** A host another partner already answers on is a field error, not a 500. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw fieldError(
        uniqueViolationDetail(error).includes("sub_domain") ? "subDomain" : "domain",
        "host_taken",
      );
    }
  }

  return {
    async list(operator: OperatorContext): Promise<OperatorPartnerView[]> {
      const limit = partnerLimit(operator);
      const counts = await customerCounts();
      return (await partners.list())
        .filter((row) => limit === null || row.id === limit)
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name))
        .map((row) => view(row, counts.get(row.id) ?? 0));
    },

    async create(
      operator: OperatorContext,
      body: CreatePartnerBody,
      meta: AuditMeta,
    ): Promise<OperatorPartnerView> {
      if (operator.scope !== "platform") throw new AppError("forbidden");
      if (body.staffTenantId) throw fieldError("staffTenantId", "not_partner_customer");
      const row = await saving(() =>
        partners.create(hosts(body), (tx, made) =>
          recordAudit(tx, {
            tenantId: null,
            ...meta,
            action: "partner.created",
            target: { type: "partner", id: made.id },
            details: { partnerId: made.id, name: made.name, domain: made.domain, subDomain: made.subDomain },
          }),
        ),
      );
      return view(row, 0);
    },

    async update(
      operator: OperatorContext,
      partnerId: string,
      body: UpdatePartnerBody,
      meta: AuditMeta,
    ): Promise<OperatorPartnerView> {
      if (!reachesPartner(operator, partnerId)) throw new AppError("notFound");
      await checkStaffTenant(partnerId, body.staffTenantId);
      const changed = Object.keys(body);
      const row = await saving(() =>
        partners.update(partnerId, hosts(body), (tx, before, after) =>
          recordAudit(tx, {
            tenantId: null,
            ...meta,
            action: "partner.updated",
            target: { type: "partner", id: after.id },
            details: {
              partnerId: after.id,
              name: after.name,
              before: pick(
                before,
                BRAND_FIELDS.filter((f) => changed.includes(f)),
              ),
              after: pick(
                after,
                BRAND_FIELDS.filter((f) => changed.includes(f)),
              ),
            },
          }),
        ),
      );
      if (!row) throw new AppError("notFound");
      return view(row, (await customerCounts()).get(row.id) ?? 0);
    },
  };
}
