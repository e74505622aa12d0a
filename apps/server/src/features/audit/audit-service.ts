import { userInfo } from "node:os";
import type { AuditAction, AuditActorType, AuditEventView, AuditPage } from "@nc/contracts/audit";
import type { Locale } from "@nc/contracts/locales";
import { keysetPage, optionalCursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { moneyParam } from "../../core/money";
import type { AuditActor, AuditMeta } from "../../core/request-context";
import { formatParam, translate } from "../../i18n/translate";
import { type AuditFilter, type AuditListRow, auditRepo, auditWrites, type Runner } from "./audit-repo";

/** One event, as a service records it inside the transaction of the change. */
export interface AuditEvent extends Partial<Pick<AuditMeta, "ip" | "userAgent">> {
  /** Null for events outside any organisation (an operator's change to a partner). */
  tenantId: string | null;
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  /** Before/after and names at the time. Fields that look like secrets are dropped. */
  details?: Record<string, unknown>;
}

/** The operator running the CLI: their OS user (through sudo, the one who called sudo), or "cli". */
export function operatorName(): string {
  const fromEnv = process.env.SUDO_USER || process.env.USER || process.env.LOGNAME;
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username;
  } catch {
    return "cli";
  }
}

/** Field names never written to the log, at any depth (a secret must not outlive its use). */
const SECRET_FIELD = /(password|secret|token|digest|hash|signature|^code$|^key$|authorization|cookie)/i;

export function scrubDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubDetails);
  if (value === null || typeof value !== "object")
    return typeof value === "bigint" ? value.toString() : value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_FIELD.test(name))
      .map(([name, inner]) => [name, scrubDetails(inner)]),
  );
}

const cap = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

function rowOf(event: Omit<AuditEvent, "tenantId">) {
  const actor = event.actor;
  return {
    actorType: actor.type as AuditActorType,
    actorId:
      actor.type === "user" || actor.type === "api_key"
        ? actor.id
        : actor.type === "operator"
          ? (actor.id ?? null)
          : null,
    actorLabel: actor.type === "operator" ? cap(actor.label, 100) : null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    details: scrubDetails(event.details ?? {}) as Record<string, unknown>,
    ip: cap(event.ip, 64),
    userAgent: cap(event.userAgent, 512),
  };
}

/**
 * Writes one event with the runner of the change (its transaction). A plain function of the
 * transaction, so money movements deep in billing and recharge can record without more wiring;
 * the audit service built in services.ts exposes the same function as `record`.
 */
export async function recordAudit(runner: Runner, event: AuditEvent): Promise<void> {
  await auditWrites.insert(runner, { tenantId: event.tenantId, ...rowOf(event) });
}

/** The audit actor of a ledger movement's actor (billing's own who-did-it). */
export function auditActorOf(actor: {
  type: "user" | "operator" | "system" | "api_key";
  id?: string;
}): AuditActor {
  if ((actor.type === "user" || actor.type === "api_key") && actor.id)
    return { type: actor.type, id: actor.id };
  if (actor.type === "operator") return { type: "operator", label: actor.id ?? null };
  return { type: "system" };
}

const show = (value: unknown, locale: Locale): string => {
  if (Array.isArray(value)) return value.map((v) => show(v, locale)).join(", ");
  if (value === null || value === undefined || value === "") return "—";
  return formatParam(value, locale);
};

/**
 * What changed, in the reader's language: "Name: Acme → Acme Ltd; Permissions: + apikey:create".
 * Field names come from `audit:fields`; lists show what was added and removed.
 */
function changesText(before: Record<string, unknown>, after: Record<string, unknown>, locale: Locale) {
  const parts: string[] = [];
  for (const field of Object.keys(after)) {
    const was = before[field];
    const now = after[field];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    const key = `audit:fields.${field}`;
    const translated = translate(locale, key);
    const label = translated === key ? field : translated;
    if (Array.isArray(was) && Array.isArray(now)) {
      const added = now.filter((v) => !was.includes(v));
      const removed = was.filter((v) => !now.includes(v));
      const bits = [
        ...(added.length ? [`+ ${show(added, locale)}`] : []),
        ...(removed.length ? [`− ${show(removed, locale)}`] : []),
      ];
      parts.push(`${label}: ${bits.join("; ")}`);
    } else parts.push(`${label}: ${show(was, locale)} → ${show(now, locale)}`);
  }
  return parts.join("; ") || translate(locale, "audit:fields.none");
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The sentence for one event in the reader's language, from `audit:actions.<action>` and its details. */
export function describe(row: Pick<AuditListRow, "action" | "details">, locale: Locale): string {
  const details = asRecord(row.details);
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(details)) params[name] = show(value, locale);
  if (typeof details.amountMicros === "string" && typeof details.currency === "string")
    params.amount = moneyParam(BigInt(details.amountMicros), details.currency);
  if ("before" in details || "after" in details)
    params.changes = changesText(asRecord(details.before), asRecord(details.after), locale);
  if (typeof details.kind === "string") params.kind = translate(locale, `audit:exports.${details.kind}`);
  // Price changes: the kind of list and the service by their names in the reader's language.
  if (row.action.startsWith("price.") && typeof details.scope === "string") {
    params.scopeName = translate(locale, `audit:priceScopes.${details.scope}`);
    if (typeof details.service === "string")
      params.service = translate(locale, `services:${details.service}.name`);
  }
  if (typeof details.roleKey === "string")
    params.role = translate(locale, `notices:roles.${details.roleKey}`);
  for (const side of ["from", "to"] as const) {
    const key = details[`${side}Key`];
    if (typeof key === "string") params[side] = translate(locale, `notices:roles.${key}`);
  }
  return translate(locale, `audit:actions.${row.action}`, params);
}

export function toView(row: AuditListRow, locale: Locale): AuditEventView {
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor: {
      type: row.actor_type,
      id: row.actor_id,
      name: row.actor_name,
      email: row.actor_email,
    },
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    details: asRecord(row.details),
    description: describe(row, locale),
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  };
}

export interface AuditListInput {
  actor?: string;
  action?: string[];
  from?: string;
  to?: string;
}

export const toAuditFilter = (input: AuditListInput, timeZone: string): AuditFilter => ({
  actorId: input.actor,
  actions: input.action,
  from: input.from,
  to: input.to,
  timeZone,
});

/**
 * The audit log (docs/security.md, "Audit log"): services record an event in the transaction of
 * the change they make (`record(tx, event)`), so a change that rolls back leaves no event and an
 * event never describes a change that did not happen.
 */
/**
 * An event of a person's own account (a sign-in, their second factor), written once in each
 * organisation they belong to at that moment (see audit-repo).
 */
async function recordAccountEvent(
  runner: Runner,
  userId: string,
  action: Extract<AuditAction, `auth.${string}` | `passkey.${string}` | `account.${string}`>,
  meta: { ip?: string | null; userAgent?: string | null },
  details?: Record<string, unknown>,
) {
  await auditWrites.insertForMemberships(
    runner,
    userId,
    rowOf({
      actor: { type: "user", id: userId },
      action,
      target: { type: "user", id: userId },
      details,
      ip: meta.ip,
      userAgent: meta.userAgent,
    }),
  );
}

export function auditService(db: Db, options: { retentionDays: number }) {
  const repo = auditRepo(db);
  const record = recordAudit;
  return {
    repo,
    record,

    /** A sign-in, recorded in each organisation the user belongs to (see audit-repo). */
    recordSignIn: (runner: Runner, userId: string, meta: { ip?: string | null; userAgent?: string | null }) =>
      recordAccountEvent(runner, userId, "auth.sign_in", meta),

    /** An event of the person's own account (two-factor sign-in), in each of their organisations. */
    recordAccountEvent,

    async list(
      tenantId: string,
      timeZone: string,
      query: AuditListInput & { cursor?: string; limit: number },
      locale: Locale,
    ): Promise<AuditPage> {
      const cursor = optionalCursor(query.cursor);
      const rows = await repo.page(tenantId, toAuditFilter(query, timeZone), query.limit + 1, cursor);
      return keysetPage(rows, query.limit, (row) => toView(row, locale));
    },

    /**
     * A download of the organisation's data (transactions, results, usage, this log). Nothing
     * changes, so there is no transaction to share: it is written as the download starts.
     */
    async recordExport(
      runner: Runner,
      tenantId: string,
      meta: AuditMeta,
      details: {
        kind: "transactions" | "job_results" | "job_rejected" | "api_usage" | "audit";
        format: string;
      } & Record<string, unknown>,
    ) {
      await record(runner, { tenantId, ...meta, action: "export.downloaded", details });
    },

    /** Deletes events older than AUDIT_RETENTION_DAYS (housekeeping round); returns how many. */
    purge: () => repo.purgeOlderThan(options.retentionDays),
  };
}

export type AuditService = ReturnType<typeof auditService>;
