import {
  API_KEYS_MAX,
  type ApiKeyCreateBody,
  type ApiKeyCreatedView,
  type ApiKeyLimitsBody,
  type ApiKeyMode,
  type ApiKeyScope,
  type ApiKeyView,
  scopePermissionNotHeld,
} from "@nc/contracts/api-keys";
import { microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import { hasAnyPermission, type PermissionHolder } from "@nc/contracts/permissions";
import { v7 as uuidv7 } from "uuid";
import { AppError, type FieldFault, permissionsNotHeldFaults } from "../../core/app-error";
import type { Db } from "../../core/db";
import { ipAllowed, parseIpRange } from "../../core/ip";
import type { AuditMeta } from "../../core/request-context";
import { sameDigest } from "../../core/tokens";
import type { ChangeCache } from "../../db/change-cache";
import type { AuditService } from "../audit/index";
import { keyHint, newKey, parseKey } from "./api-key-format";
import {
  type ApiKeyAuthRow,
  type ApiKeyListRow,
  type ApiKeyRepo,
  type ApiKeyRow,
  apiKeyRepo,
} from "./api-key-repo";

/**
 * What making a key takes. A key speaks for its creator, so it works only while the creator is
 * still a member who holds this (docs/security.md, roles and rights; docs/api.md).
 */
export const KEY_CREATE_PERMISSIONS = ["apikey:create"] as const;

/** last_used_at is written at most this often per key, and never on the request's path. */
const TOUCH_EVERY_MS = 60_000;

/** Who a verified key speaks for. */
export interface KeyIdentity {
  keyId: string;
  tenantId: string;
  /** The organisation's partner: a check's look-ups follow its routes (docs/providers.md, "Routing settings"). */
  partnerId: string;
  mode: ApiKeyMode;
  /** The key's scopes its creator's rights still back (docs/security.md, roles and rights). */
  scopes: ApiKeyScope[];
  /** The key's other scopes: its creator no longer holds the rights behind them. */
  lapsedScopes: ApiKeyScope[];
  createdBy: string | null;
  /** The organisation's time zone: usage is counted per day in it. */
  timeZone: string;
}

function statusOf(row: ApiKeyRow, now = Date.now()): ApiKeyView["status"] {
  if (row.revoked_at && Date.parse(row.revoked_at) <= now) return "revoked";
  if (row.expires_at && Date.parse(row.expires_at) <= now) return "expired";
  return row.revoked_at ? "rolling" : "active";
}

const toView = (row: ApiKeyListRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  mode: row.mode as ApiKeyMode,
  scopes: row.scopes as ApiKeyScope[],
  hint: keyHint(row.mode, row.lookup, row.last4),
  ipAllowList: row.ip_allow_list,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  createdAt: row.created_at,
  createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? "" } : null,
  revokedAt: row.revoked_at,
  status: statusOf(row),
  spend: {
    currency: row.currency,
    dailyLimitMicros: row.daily_limit_micros,
    monthlyLimitMicros: row.monthly_limit_micros,
    todayMicros: row.spent_day,
    thisMonthMicros: row.spent_month,
  },
});

/** A limit as the body gives it (a decimal amount, the schema checked it), in micros; null: none. */
const limitMicros = (text: string | null | undefined): bigint | null =>
  text ? parseAmountToMicros(text) : null;

/** A limit as the audit log shows it: the amount, or a dash for none. */
const limitText = (micros: bigint | null) => (micros === null ? "–" : microsToDecimal(micros));

/** API keys: made (shown once), listed, rolled, revoked, and checked on every public API call. */
export function apiKeyService(
  db: Db,
  /** The process's shared cache of keys for authentication (without it, every call reads). */
  authCache: ChangeCache<ApiKeyAuthRow> | undefined,
  /** Keys made, rolled and revoked are written to the audit log in the change's transaction. */
  audit: Pick<AuditService, "record">,
  repo: ApiKeyRepo = apiKeyRepo(db),
) {
  const record = (
    runner: Db,
    meta: AuditMeta,
    action: "api_key.created" | "api_key.rolled" | "api_key.revoked" | "api_key.limits_changed",
    key: { id: string; tenant_id?: string; name: string; mode: string; scopes: string[] },
    tenantId: string,
    extra: Record<string, unknown> = {},
  ) =>
    audit.record(runner, {
      tenantId,
      ...meta,
      action,
      target: { type: "api_key", id: key.id },
      details: { name: key.name, mode: key.mode, scopes: key.scopes, ...extra },
    });

  const touched = new Map<string, number>();

  /** Refuses each scope whose rights the creator lacks: a key never does what its creator may not. */
  const checkScopes = (creator: PermissionHolder, scopes: readonly ApiKeyScope[], fields: FieldFault[]) =>
    fields.push(
      ...permissionsNotHeldFaults("scopes", scopes, (scope) => scopePermissionNotHeld(creator, scope)),
    );

  function checkInput(
    creator: PermissionHolder,
    body: ApiKeyCreateBody,
  ): { ips: string[]; expiresAt: string | null } {
    const fields: FieldFault[] = [];
    checkScopes(creator, body.scopes, fields);
    const ips = (body.ipAllowList ?? []).map((raw, index) => {
      const range = parseIpRange(raw);
      if (range === null)
        fields.push({ field: `ipAllowList.${index}`, reason: "invalid_format", params: {} });
      return range ?? "";
    });
    if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now())
      fields.push({ field: "expiresAt", reason: "in_past", params: {} });
    if (fields.length > 0) throw new AppError("validation", { fields });
    return { ips: [...new Set(ips)], expiresAt: body.expiresAt ?? null };
  }

  async function make(
    runner: Db,
    input: { tenantId: string; userId: string } & ApiKeyCreateBody,
    ips: string[],
    expiresAt: string | null,
    limits: { daily: bigint | null; monthly: bigint | null },
  ): Promise<ApiKeyCreatedView> {
    const made = newKey(input.mode);
    const id = uuidv7();
    await repo.insert(runner, {
      id,
      tenantId: input.tenantId,
      name: input.name,
      mode: input.mode,
      scopes: [...new Set(input.scopes)],
      lookup: made.lookup,
      digest: made.digest,
      last4: made.last4,
      ipAllowList: ips,
      expiresAt,
      createdBy: input.userId,
      dailyLimitMicros: limits.daily,
      monthlyLimitMicros: limits.monthly,
    });
    return { key: toView((await repo.one(input.tenantId, id, runner))!), secret: made.key };
  }

  return {
    list: async (tenantId: string) => (await repo.list(tenantId)).map(toView),

    /** `creator`: the rights of the member making the key, which bound its scopes. */
    async create(
      input: { tenantId: string; userId: string } & ApiKeyCreateBody,
      creator: PermissionHolder,
      meta: AuditMeta,
    ): Promise<ApiKeyCreatedView> {
      const { ips, expiresAt } = checkInput(creator, input);
      if ((await repo.activeCount(input.tenantId)) >= API_KEYS_MAX)
        throw new AppError("apiKeyLimit", { max: API_KEYS_MAX }, { max: API_KEYS_MAX });
      return db.transaction(async (runner) => {
        const made = await make(runner, input, ips, expiresAt, {
          daily: limitMicros(input.dailyLimit),
          monthly: limitMicros(input.monthlyLimit),
        });
        await record(runner, meta, "api_key.created", made.key, input.tenantId, {
          ipAllowList: made.key.ipAllowList,
          expiresAt: made.key.expiresAt,
          dailyLimitMicros: made.key.spend.dailyLimitMicros,
          monthlyLimitMicros: made.key.spend.monthlyLimitMicros,
        });
        return made;
      });
    },

    /** A new key like the old one; the old one keeps working for the grace period, then stops. */
    async roll(
      tenantId: string,
      id: string,
      graceHours: number,
      /** The member rolling it: the new key speaks for them, so its scopes must lie within their rights. */
      roller: { userId: string } & PermissionHolder,
      meta: AuditMeta,
    ): Promise<ApiKeyCreatedView> {
      const userId = roller.userId;
      const made = await db.transaction(async (runner) => {
        const old = await repo.one(tenantId, id, runner);
        if (!old) throw new AppError("notFound");
        const fields: FieldFault[] = [];
        checkScopes(roller, old.scopes as ApiKeyScope[], fields);
        if (fields.length > 0) throw new AppError("validation", { fields });
        if (!(await repo.close(runner, tenantId, id, graceHours * 3600, true)))
          throw new AppError("apiKeyClosed");
        const next = await make(
          runner,
          {
            tenantId,
            userId,
            name: old.name,
            mode: old.mode as ApiKeyMode,
            scopes: old.scopes as ApiKeyScope[],
          },
          old.ip_allow_list,
          old.expires_at,
          {
            daily: old.daily_limit_micros === null ? null : BigInt(old.daily_limit_micros),
            monthly: old.monthly_limit_micros === null ? null : BigInt(old.monthly_limit_micros),
          },
        );
        await record(runner, meta, "api_key.rolled", old, tenantId, { graceHours, newKeyId: next.key.id });
        return next;
      });
      // The old key now ends: this process at once, the others on the database's notification.
      authCache?.clear();
      return made;
    },

    /**
     * Sets a key's daily and monthly spend limits (null: none). The next charge made with the key
     * reads them in its own statement (docs/architecture.md, "Several processes, one balance").
     */
    async setLimits(
      tenantId: string,
      id: string,
      body: ApiKeyLimitsBody,
      meta: AuditMeta,
    ): Promise<ApiKeyView> {
      const daily = limitMicros(body.dailyLimit);
      const monthly = limitMicros(body.monthlyLimit);
      await db.transaction(async (runner) => {
        const key = await repo.one(tenantId, id, runner);
        if (!key || !(await repo.setLimits(runner, tenantId, id, daily, monthly)))
          throw new AppError("notFound");
        await record(runner, meta, "api_key.limits_changed", key, tenantId, {
          daily: limitText(daily),
          monthly: limitText(monthly),
          currency: key.currency,
        });
      });
      return toView((await repo.one(tenantId, id))!);
    },

    /** The spend limits and spend of the key a public API call is made with (GET /api/v1/balance). */
    async spendOf(tenantId: string, id: string) {
      const key = await repo.one(tenantId, id);
      return key ? toView(key).spend : null;
    },

    /** Stops a key at once (a rolled key still in its grace period too). */
    async revoke(tenantId: string, id: string, meta: AuditMeta): Promise<ApiKeyView> {
      const key = await repo.one(tenantId, id);
      if (!key) throw new AppError("notFound");
      await db.transaction(async (runner) => {
        if (!(await repo.close(runner, tenantId, id, 0, false))) throw new AppError("apiKeyClosed");
        await record(runner, meta, "api_key.revoked", key, tenantId);
      });
      // This process at once; the others on the database's notification.
      authCache?.clear();
      return toView((await repo.one(tenantId, id))!);
    },

    /**
     * The identity behind a presented key, or null: unknown, wrong secret (compared in constant
     * time), revoked, past its grace period, expired, or from an address outside its allow-list.
     * A sound key whose creator has left or lost the right to make keys throws 40312.
     */
    async verify(presented: string, ip: string): Promise<KeyIdentity | null> {
      const parsed = parseKey(presented);
      if (!parsed) return null;
      const row = await (authCache ? authCache.get(parsed.lookup) : repo.forAuth(parsed.lookup));
      if (!row || !sameDigest(row.digest, parsed.digest) || row.mode !== parsed.mode) return null;
      // A suspended or removed organisation's keys stop with it.
      if (row.tenant_status !== "active") return null;
      const status = statusOf(row);
      if (status === "revoked" || status === "expired") return null;
      if (!ipAllowed(ip, row.ip_allow_list)) return null;
      // A key speaks for its creator: it stops once they leave or lose apikey:create. Said plainly
      // only to a caller who proved the whole key, so the integrator knows to ask for a new one.
      // The creator's rights come with the cached row, dropped on any membership or role change
      // (migration 0023_key_auth_membership).
      const creator = { super: row.creator_super, permissions: row.creator_permissions };
      if (!hasAnyPermission(creator, KEY_CREATE_PERMISSIONS)) throw new AppError("apiKeyCreatorLacksRight");
      // docs/security.md, "Two-factor sign-in for every member": unless an Owner lets them work.
      if (row.creator_lacks_two_factor) throw new AppError("apiKeyCreatorWithoutTwoFactor");
      // Each scope works only while the creator still holds the rights behind it.
      const scopes = row.scopes as ApiKeyScope[];
      const lapsedScopes = scopes.filter((scope) => scopePermissionNotHeld(creator, scope) !== null);
      this.touch(row.tenant_id, row.id);
      return {
        keyId: row.id,
        tenantId: row.tenant_id,
        partnerId: row.partner_id,
        mode: row.mode as ApiKeyMode,
        scopes: scopes.filter((scope) => !lapsedScopes.includes(scope)),
        lapsedScopes,
        createdBy: row.created_by,
        timeZone: row.time_zone,
      };
    },

    /** Notes the use, at most once a minute per key, without making the caller wait. */
    touch(tenantId: string, keyId: string, now = Date.now()): void {
      const last = touched.get(keyId) ?? 0;
      if (now - last < TOUCH_EVERY_MS) return;
      touched.set(keyId, now);
      if (touched.size > 10_000) touched.clear();
      void repo.touch(tenantId, keyId).catch(() => touched.delete(keyId));
    },
  };
}

export type ApiKeyService = ReturnType<typeof apiKeyService>;
