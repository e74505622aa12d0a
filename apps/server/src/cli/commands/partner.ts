import { HEX_COLOR } from "@nc/contracts/operator";
import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema/index";
import { recordAudit } from "../../features/audit/audit-service";
import { partnerService } from "../../features/partner/partner-service";
import { type CliCommand, required, UsageError } from "../command";

const service = (input: Parameters<CliCommand["run"]>[0]) =>
  partnerService(input.database.db, {
    name: input.config.DEFAULT_PARTNER_NAME,
    email: input.config.DEFAULT_PARTNER_EMAIL,
  });

/** --color: the brand colour as #rrggbb, or "" for the product's own. */
function brandColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim().toLowerCase();
  if (color !== "" && !HEX_COLOR.test(color))
    throw new UsageError("--color must be #rrggbb, such as #1677ff");
  return color;
}

/** The brand flags `partner create` and `partner update` both take. */
const BRAND_OPTIONS = {
  color: { type: "string" },
  name: { type: "string" },
  domain: { type: "string" },
  "sub-domain": { type: "string" },
  email: { type: "string" },
  logo: { type: "string" },
  "dark-logo": { type: "string" },
  currency: { type: "string" },
} as const;

/** The changed fields of a partner, as the audit log keeps them. */
const pick = (row: object, fields: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([name]) => fields.includes(name)));

export const partnerCommands: CliCommand[] = [
  {
    area: "partner",
    action: "list",
    usage: "partner list",
    options: {},
    async run(input) {
      const { io } = input;
      const partners = service(input);
      await partners.ensureDefault();
      io.table(
        (await partners.list()).map(({ id, name, domain, subDomain, email, currency, isDefault }) => ({
          id,
          name,
          domain,
          subDomain,
          email,
          currency,
          isDefault,
        })),
      );
      return 0;
    },
  },
  {
    area: "partner",
    action: "create",
    usage:
      "partner create --name NAME [--domain HOST] [--sub-domain LABEL] [--email SUPPORT] [--logo URL] [--dark-logo URL] [--currency USD] [--color #rrggbb]",
    options: BRAND_OPTIONS,
    async run(input) {
      const { io } = input;
      const { values } = input;
      const partners = service(input);
      await partners.ensureDefault();
      const row = await partners.create(
        {
          name: required(values, "name"),
          domain: (values.domain as string | undefined)?.toLowerCase(),
          subDomain: (values["sub-domain"] as string | undefined)?.toLowerCase(),
          email: values.email as string | undefined,
          logo: values.logo as string | undefined,
          darkLogo: values["dark-logo"] as string | undefined,
          currency: (values.currency as string | undefined)?.toUpperCase(),
          primaryColor: brandColor(values.color),
        },
        (tx, made) =>
          recordAudit(tx, {
            tenantId: null,
            actor: { type: "operator", label: input.operator },
            action: "partner.created",
            target: { type: "partner", id: made.id },
            details: { name: made.name, domain: made.domain, subDomain: made.subDomain },
          }),
      );
      io.log(`Created partner ${row.name} (${row.id})`);
      return 0;
    },
  },
  {
    area: "partner",
    action: "update",
    usage:
      'partner update --id ID [--name NAME] [--domain HOST|""] [--sub-domain LABEL|""] [--email SUPPORT] [--logo URL] [--dark-logo URL] [--currency USD] [--color #rrggbb|""] [--staff-tenant TENANT_ID|""]',
    options: {
      id: { type: "string" },
      "staff-tenant": { type: "string" },
      ...BRAND_OPTIONS,
    },
    async run(input) {
      const { io } = input;
      const { values } = input;
      const text = (name: string) =>
        typeof values[name] === "string" ? (values[name] as string).trim() : undefined;
      // An empty --domain or --sub-domain takes the host name away.
      const host = (name: string) =>
        text(name) === undefined ? undefined : text(name)!.toLowerCase() || null;
      const patch = {
        name: text("name"),
        domain: host("domain"),
        subDomain: host("sub-domain"),
        email: text("email"),
        logo: text("logo"),
        darkLogo: text("dark-logo"),
        currency: text("currency")?.toUpperCase(),
        primaryColor: brandColor(text("color")),
        // The organisation whose members may see all the partner's customers (dsp_* permissions).
        staffTenantId: text("staff-tenant") === undefined ? undefined : text("staff-tenant") || null,
      };
      if (patch.staffTenantId) {
        const [tenant] = await input.database.db
          .select({ partnerId: tenants.partnerId })
          .from(tenants)
          .where(eq(tenants.id, patch.staffTenantId));
        if (tenant?.partnerId !== required(values, "id")) {
          io.error(`Organisation ${patch.staffTenantId} is not a customer of partner ${values.id}.`);
          return 1;
        }
      }
      const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0)
        throw new UsageError("nothing to change: give at least one field");
      const row = await service(input).update(required(values, "id"), changes, (tx, before, after) =>
        recordAudit(tx, {
          tenantId: null,
          actor: { type: "operator", label: input.operator },
          action: "partner.updated",
          target: { type: "partner", id: after.id },
          details: {
            name: after.name,
            before: pick(before, Object.keys(changes)),
            after: pick(after, Object.keys(changes)),
          },
        }),
      );
      if (!row) {
        io.error(`No partner with id ${values.id}`);
        return 1;
      }
      io.log(`Updated partner ${row.name} (${row.id})`);
      return 0;
    },
  },
];
