import { z } from "zod";
import { emailCodeSchema, passwordSchema } from "./auth";

/**
 * Privacy controls (docs/security.md, "Privacy: export and deletion"): deleting one's account,
 * deleting or restoring an organisation and exporting its data are each confirmed again with the
 * account's password or a code e-mailed to its address, whatever the session says.
 */
const confirmation = {
  password: passwordSchema.optional(),
  code: emailCodeSchema.optional(),
};
/** One of the two must be there; the form shows the error on the password field. */
const oneProof = (body: { password?: string; code?: string }, ctx: z.RefinementCtx) => {
  if (body.password === undefined && body.code === undefined)
    ctx.addIssue({ code: "custom", path: ["password"], message: "required" });
};

export const confirmationBody = z.object(confirmation).superRefine(oneProof);
export type ConfirmationBody = z.input<typeof confirmationBody>;

/** Deleting an organisation: money left on the balance is given up only when said so. */
export const deleteTenantBody = z
  .object({
    ...confirmation,
    /** The Owner gives up what is left on the balance (the refund policy says how to ask for it). */
    forfeitBalance: z.boolean().default(false),
  })
  .superRefine(oneProof);
export type DeleteTenantBody = z.input<typeof deleteTenantBody>;

/** An organisation's status while its deletion waits for the grace period to end. */
export const TENANT_PENDING_DELETION = "pending_deletion";

export interface TenantDeletionView {
  id: string;
  status: string;
  /** When the data will be removed (the end of the grace period); null once restored. */
  purgeAfter: string | null;
}

/** Files of an organisation's data archive (one zip; CSV in UTF-8 with BOM, JSON in UTF-8). */
export const ARCHIVE_FILES = {
  organisation: "organisation.json",
  members: "members.csv",
  roles: "roles.json",
  jobs: "jobs.csv",
  singleChecks: "single-checks.csv",
  jobResultsFolder: "job-results/",
  transactions: "transactions.csv",
  apiKeys: "api-keys.csv",
  webhooks: "webhooks.csv",
  fraudLists: "fraud-lists.csv",
  auditLog: "audit-log.csv",
} as const;

/**
 * A person's own data as one JSON file (`POST /api/tenant/uc/export`): their profile, their
 * memberships, their open sessions and what they did (their audit events), newest first. The file
 * is bounded: past these counts the oldest are left out and `truncated` says so.
 */
export const PERSONAL_EXPORT_LIMITS = { sessions: 500, auditEvents: 5000 } as const;

export interface PersonalExport {
  exportedAt: string;
  profile: {
    id: string;
    email: string;
    name: string;
    locale: string | null;
    createdAt: string;
    passwordChangedAt: string | null;
    twoFactor: boolean;
  };
  memberships: { tenantId: string; name: string; status: string; role: string; joinedAt: string }[];
  sessions: {
    items: {
      id: string;
      createdAt: string;
      lastSeenAt: string;
      expiresAt: string;
      ip: string | null;
      userAgent: string | null;
    }[];
    truncated: boolean;
  };
  auditEvents: {
    items: {
      tenantId: string | null;
      action: string;
      target: { type: string; id: string | null } | null;
      details: Record<string, unknown>;
      ip: string | null;
      userAgent: string | null;
      at: string;
    }[];
    truncated: boolean;
  };
}
