import type { Locale } from "@nc/contracts/locales";
import { formatMoney } from "@nc/contracts/money";
import type { NoticeItem, NoticePage } from "@nc/contracts/notices";
import { BUILT_IN_ROLE_KEYS } from "@nc/contracts/permission-catalog";
import { RECHARGE_METHODS } from "@nc/contracts/recharge";
import { SERVICES } from "@nc/contracts/services";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../core/db";
import { notices } from "../../db/schema/index";
import { translate } from "../../i18n/translate";
import { type NoticeReader, type NoticeRow, noticeRepo } from "./notice-repo";

/**
 * Notice types. Each has a title and a markdown body under `notices:<type>.title|body` in the
 * server's catalogs, rendered in the reader's language with the stored parameters. The texts use
 * `name` and `email` (the member concerned), `role` (a role name; with `roleKey` of a built-in role
 * the translated name is shown) and `tenant` (defaults to the organisation's current name); any
 * other parameter left out renders empty. Numbers are stored as numbers and written the reader's
 * way when shown (1,000 in English, 1.000 in Spanish). Bodies may link to dashboard pages with plain
 * locale-free paths, `[members](/dashboard/tenant?tab=members)`: the browser adds the language.
 */
export const NOTICE_TYPES = [
  "invitation_accepted",
  "member_removed",
  "role_changed",
  "low_balance",
  "job_completed",
  "recharge_credited",
  "auto_top_up_made",
  "auto_top_up_failed",
  "api_key_spend_warning",
  "api_key_spend_reached",
] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export interface NewNotice {
  tenantId: string;
  /** One member, or every member of the organisation when left out. */
  userId?: string | null;
  type: NoticeType;
  params?: Record<string, string | number>;
}

/** Markdown characters in a parameter are escaped, so a member's name cannot forge a link. */
const escapeMarkdown = (value: string | number) =>
  String(value)
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\[\]()]/g, "\\$&");

/**
 * A stored notice as the reader sees it: title (plain text) and content (markdown) in their
 * language. `tenant` defaults to the organisation's current name, and a built-in role named by
 * `roleKey` is called by its translated name.
 */
export function renderNotice(row: NoticeRow, locale: Locale, tenantName: string): NoticeItem {
  const counts = new Intl.NumberFormat(locale);
  const params: Record<string, string | number> = { tenant: tenantName };
  for (const [name, value] of Object.entries(row.params))
    params[name] = typeof value === "number" ? counts.format(value) : value;
  const roleKey = row.params.roleKey;
  if (typeof roleKey === "string" && (BUILT_IN_ROLE_KEYS as readonly string[]).includes(roleKey))
    params.role = translate(locale, `notices:roles.${roleKey}`);
  // A service is stored by its code and named in the reader's language (job_completed).
  const service = row.params.service;
  if (typeof service === "string" && SERVICES.some((s) => s.code === service))
    params.service = translate(locale, `services:${service}.name`);
  // A recharge's method is stored by its code and named in the reader's language (recharge_credited).
  const method = row.params.method;
  if (typeof method === "string" && (RECHARGE_METHODS as readonly string[]).includes(method))
    params.method = translate(locale, `notices:recharge_methods.${method}`);
  // A key's spend period is stored as "day" or "month" and named in the reader's language.
  const period = row.params.period;
  if (period === "day" || period === "month") params.period = translate(locale, `notices:periods.${period}`);
  // Money is stored as micros and a currency, and shown in the reader's language (low_balance,
  // recharge_credited, api_key_spend_*).
  const currency = row.params.currency;
  if (typeof currency === "string")
    for (const name of ["amount", "balance", "threshold", "limit", "spent"] as const) {
      const micros = row.params[`${name}Micros`];
      if (typeof micros === "string" && /^-?\d+$/.test(micros))
        params[name] = formatMoney(micros, currency, locale);
    }
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeMarkdown(v)]));
  return {
    id: row.id,
    type: row.type,
    title: translate(locale, `notices:${row.type}.title`, params),
    content: translate(locale, `notices:${row.type}.body`, escaped),
    createdAt: row.createdAt.toISOString(),
    read: row.read,
  };
}

/** The one way any feature tells members something (later: detection finished, low balance...). */
export function noticeService(db: Db) {
  const repo = noticeRepo(db);
  return {
    /** Pass the caller's transaction as `executor` to notify together with the change itself. */
    async notify(notice: NewNotice, executor: Pick<Db, "insert"> = db): Promise<string> {
      const id = uuidv7();
      await executor.insert(notices).values({
        id,
        tenantId: notice.tenantId,
        userId: notice.userId ?? null,
        type: notice.type,
        params: notice.params ?? {},
      });
      return id;
    },

    /** One page of the reader's notices, newest first. */
    async list(
      reader: NoticeReader & { tenantName: string },
      locale: Locale,
      query: { page: number; pageSize: number; unread: boolean },
    ): Promise<NoticePage> {
      const { rows, total } = await repo.page(reader, {
        unreadOnly: query.unread,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        data: rows.map((row) => renderNotice(row, locale, reader.tenantName)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    unreadCount: (reader: NoticeReader) => repo.unreadCount(reader),
    /** False when the reader may not see that notice. */
    markRead: (reader: NoticeReader, id: string) => repo.markRead(reader, id),
    markAllRead: (reader: NoticeReader) => repo.markAllRead(reader),
  };
}

export type NoticeService = ReturnType<typeof noticeService>;
