import { randomInt } from "node:crypto";
import {
  SSO_DOMAIN_CODE_LENGTH,
  type SsoDomainView,
  type SsoSettingsInput,
  type SsoSettingsView,
} from "@nc/contracts/sso";
import { AppError, fieldError } from "../../core/app-error";
import type { AuditMeta, Caller, ResolvedSession, TenantContext } from "../../core/request-context";
import { MINUTE_MS } from "../../core/time";
import { randomToken, sameDigest, sha256 } from "../../core/tokens";
import type { Services } from "../../services";
import { memberRepo } from "../member/index";
import { assertMayGrant } from "../role/index";
import { sealSecret } from "../system/index";
import { type SsoDomainRow, ssoRepo } from "./sso-repo";

/** How long an e-mailed domain code stays valid. */
const DOMAIN_CODE_TTL_MS = 30 * MINUTE_MS;
/** The mailboxes a domain's owner controls by convention (RFC 2142), besides one the Owner names. */
export const DOMAIN_MAILBOXES = ["admin", "postmaster"] as const;

/** The TXT record's name part: the brand of the site, as one lower-case word. */
export function verificationPrefix(siteName: string): string {
  const slug = siteName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "numbercheck"}-verification`;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * An organisation's single sign-on settings, for its Owners (docs/security.md, "Single sign-on"):
 * the identity provider, the role of newcomers, the rule, and the proof of each e-mail domain.
 */
export function ssoSettingsService(
  s: Pick<Services, "config" | "database" | "audit" | "mailer" | "partners" | "sso">,
) {
  const db = s.database.db;
  const repo = ssoRepo(db);
  const members = memberRepo(db);

  const domainView = (row: SsoDomainRow, prefix: string): SsoDomainView => ({
    id: row.id,
    domain: row.domain,
    txtRecord: `${prefix}=${row.token}`,
    provenAt: row.provenAt?.toISOString() ?? null,
    method: (row.method as SsoDomainView["method"]) ?? null,
  });

  async function domainOrMissing(ctx: TenantContext, id: string) {
    const row = await repo.domain(ctx.id, id);
    if (!row) throw new AppError("notFound");
    return row;
  }

  const record =
    (
      ctx: TenantContext,
      meta: AuditMeta,
      action: "sso.domain_added" | "sso.domain_removed" | "sso.domain_proven",
      row: SsoDomainRow,
      details: Record<string, unknown> = {},
    ) =>
    (runner: Parameters<typeof s.audit.record>[0]) =>
      s.audit.record(runner, {
        tenantId: ctx.id,
        ...meta,
        action,
        target: { type: "sso_domain", id: row.id },
        details: { domain: row.domain, ...details },
      });

  async function prove(ctx: TenantContext, meta: AuditMeta, row: SsoDomainRow, method: "dns" | "email") {
    if (await repo.provenElsewhere(ctx.id, row.domain)) throw new AppError("ssoDomainTaken");
    const proven = await db.transaction(async (tx) => {
      if (!(await repo.markProven(tx, ctx.id, row.id, method))) return false;
      await record(ctx, meta, "sso.domain_proven", row, { method })(tx);
      return true;
    });
    if (!proven) throw new AppError("ssoDomainTaken");
  }

  return {
    async view(ctx: TenantContext, caller: Caller, redirectUri: string): Promise<SsoSettingsView> {
      const [config, domains] = await Promise.all([repo.config(ctx.id), repo.domains(ctx.id)]);
      const prefix = verificationPrefix(s.partners.siteInfo(caller.partner).name);
      return {
        configured: Boolean(config),
        issuer: config?.issuer ?? "",
        clientId: config?.clientId ?? "",
        hasClientSecret: Boolean(config?.clientSecretSealed),
        roleId: config?.roleId ?? null,
        required: config?.required ?? false,
        redirectUri,
        domains: domains.map((row) => domainView(row, prefix)),
      };
    },

    /**
     * Saves the identity provider. The role of newcomers is within the Owner's own rights and
     * never a super role (anyone of the domain would become an Owner); an Owner whose own e-mail
     * is in a proven domain turns the rule on only from a session its single sign-on made, so a
     * broken provider cannot shut them out unnoticed.
     */
    async configure(ctx: TenantContext, session: ResolvedSession, input: SsoSettingsInput, meta: AuditMeta) {
      if (!s.sso.allowHttpIssuer && !input.issuer.startsWith("https://"))
        throw fieldError("issuer", "invalid_url");
      // The server reads the issuer's documents: not an address of its own network (as webhooks,
      // docs/security.md, "Single sign-on"); the operator's WEBHOOK_ALLOW_PRIVATE_TARGETS allows it.
      // Told here by field; every connection to the provider is checked again as it is made.
      const inside = await s.sso.forbidden(input.issuer);
      if (inside) throw fieldError("issuer", "private_address", { host: inside.host });
      const role = await members.roleIn(ctx.id, input.roleId);
      if (!role) throw fieldError("roleId", "unknown_role");
      if (role.isSuper) throw fieldError("roleId", "invalid_value");
      assertMayGrant(ctx, role);
      const before = await repo.config(ctx.id);
      if (!input.clientSecret && !before) throw fieldError("clientSecret", "required");
      if (
        input.required &&
        session.ssoTenantId !== ctx.id &&
        (await repo.provenBy(ctx.id, domainOf(session.user.email)))
      )
        throw new AppError("ssoSignInFirst");
      const issuer = input.issuer.replace(/\/$/, "");
      // Read the provider's settings now: a wrong issuer is told to the Owner, not to the first
      // person who tries to sign in.
      const secret = input.clientSecret;
      if (secret) await s.sso.client(issuer, input.clientId, secret);
      const after = { issuer, clientId: input.clientId, roleId: role.id, required: input.required };
      // Sealed before the transaction: the key is read on the database handle, which the
      // embedded database's one connection would be holding for the transaction.
      const clientSecretSealed = secret ? await sealSecret(db, ctx.id, secret) : before!.clientSecretSealed;
      await db.transaction(async (tx) => {
        await repo.saveConfig(tx, { tenantId: ctx.id, ...after, clientSecretSealed });
        await s.audit.record(tx, {
          tenantId: ctx.id,
          ...meta,
          action: "sso.configured",
          target: { type: "organisation", id: ctx.id },
          details: {
            before: before
              ? {
                  issuer: before.issuer,
                  clientId: before.clientId,
                  roleId: before.roleId,
                  required: before.required,
                }
              : {},
            after,
            // Whether the secret changed, never the secret (the audit log drops such fields anyway).
            newClientSecret: Boolean(secret),
          },
        });
      });
      return after;
    },

    async addDomain(ctx: TenantContext, caller: Caller, domain: string, meta: AuditMeta) {
      if (await repo.provenElsewhere(ctx.id, domain)) throw new AppError("ssoDomainTaken");
      const row = await repo.addDomain(ctx.id, domain, randomToken());
      await record(ctx, meta, "sso.domain_added", row)(db);
      return domainView(row, verificationPrefix(s.partners.siteInfo(caller.partner).name));
    },

    async removeDomain(ctx: TenantContext, id: string, meta: AuditMeta) {
      await db.transaction(async (tx) => {
        const row = await repo.removeDomain(tx, ctx.id, id);
        if (!row) throw new AppError("notFound");
        await record(ctx, meta, "sso.domain_removed", row)(tx);
      });
      return { removed: true };
    },

    /** The DNS proof: the TXT record `<brand>-verification=<token>` on the domain itself. */
    async proveByDns(ctx: TenantContext, caller: Caller, id: string, meta: AuditMeta) {
      const row = await domainOrMissing(ctx, id);
      const expected = `${verificationPrefix(s.partners.siteInfo(caller.partner).name)}=${row.token}`;
      let records: string[][] = [];
      try {
        records = await s.sso.resolveTxt(row.domain);
      } catch {
        // No such name, no TXT record, or no answer: not proven, whatever the reason.
      }
      // A long TXT value comes in strings of at most 255 characters: joined, as RFC 7208 does.
      if (!records.some((parts) => parts.join("") === expected)) throw new AppError("ssoDomainNotProven");
      await prove(ctx, meta, row, "dns");
      return domainView({ ...row, provenAt: new Date(), method: "dns" }, expected.split("=")[0]!);
    },

    /** The e-mail proof, first step: a code to admin@, postmaster@ or a named mailbox of the domain. */
    async sendCode(ctx: TenantContext, caller: Caller, id: string, local: string) {
      const row = await domainOrMissing(ctx, id);
      const email = `${local}@${row.domain}`;
      const code = String(randomInt(0, 10 ** SSO_DOMAIN_CODE_LENGTH)).padStart(SSO_DOMAIN_CODE_LENGTH, "0");
      await repo.setCode(ctx.id, row.id, email, sha256(code), new Date(Date.now() + DOMAIN_CODE_TTL_MS));
      s.mailer.later(() =>
        s.mailer.send({
          partnerId: caller.partner.id,
          site: s.partners.siteInfo(caller.partner),
          to: email,
          locale: caller.locale,
          template: "ssoDomainCode",
          params: { code, domain: row.domain, tenant: ctx.name, minutes: DOMAIN_CODE_TTL_MS / MINUTE_MS },
        }),
      );
      return { sentTo: email };
    },

    /** The e-mail proof, second step: the code, five tries, taken before it is compared. */
    async proveByCode(ctx: TenantContext, id: string, code: string, meta: AuditMeta) {
      const row = await domainOrMissing(ctx, id);
      const digest = await repo.takeCodeTry(ctx.id, row.id);
      if (!digest || !sameDigest(digest, sha256(code))) throw new AppError("ssoDomainNotProven");
      await prove(ctx, meta, row, "email");
      return { proven: true };
    },
  };
}
