import {
  ALL_OPERATOR_PERMISSIONS,
  isOperatorPermission,
  type OperatorPermission,
  type OperatorScope,
  PLATFORM_ONLY_OPERATOR_PERMISSIONS,
} from "@nc/contracts/operator";
import { AppError } from "../../core/app-error";
import { isUuid } from "../../core/uuid";
import { operatorService } from "../../features/operator/index";
import { partnerService } from "../../features/partner/partner-service";
import { type CliCommand, required, UsageError } from "../command";

type Input = Parameters<CliCommand["run"]>[0];

const cliGrantor = (input: Input) => ({ kind: "cli" as const, name: input.operator });

/** The partner named by --partner, or the platform's own site. */
async function partnerOf(input: Input): Promise<string> {
  const named = input.values.partner;
  if (typeof named === "string" && named.trim() !== "") {
    if (!isUuid(named.trim())) throw new UsageError("--partner must be a partner id");
    return named.trim();
  }
  const partners = partnerService(input.database.db, {
    name: input.config.DEFAULT_PARTNER_NAME,
    email: input.config.DEFAULT_PARTNER_EMAIL,
  });
  return (await partners.ensureDefault()).id;
}

/** --permissions all, or a comma-separated list; "all" leaves out what the scope cannot hold. */
function permissionsOf(input: Input, scope: OperatorScope): OperatorPermission[] {
  const text = required(input.values, "permissions");
  if (text === "all")
    return scope === "platform"
      ? ALL_OPERATOR_PERMISSIONS
      : ALL_OPERATOR_PERMISSIONS.filter((right) => !PLATFORM_ONLY_OPERATOR_PERMISSIONS.includes(right));
  const list = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = list.find((right) => !isOperatorPermission(right));
  if (unknown)
    throw new UsageError(`unknown operator right ${unknown}; known: ${ALL_OPERATOR_PERMISSIONS.join(", ")}`);
  return list.filter(isOperatorPermission);
}

/** A refusal of the service, said in a line (the CLI has no form to show field errors on). */
function refusal(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  const fields = (error.data as { fields?: { field: string; reason: string; params?: object }[] } | null)
    ?.fields;
  if (fields?.length)
    return fields
      .map((f) => `--${f.field}: ${f.reason}${f.params ? ` ${JSON.stringify(f.params)}` : ""}`)
      .join("; ");
  return error.key;
}

/**
 * Operators of the console (docs/operations.md, "The operator console"): the CLI makes the first
 * one; from then on operators can grant from the console, within what they hold themselves.
 */
export const operatorCommands: CliCommand[] = [
  {
    area: "operator",
    action: "grant",
    usage:
      "operator grant --email USER@EXAMPLE.COM [--partner ID] [--platform] --permissions all|operator.customer:read,...   (opens the operator console to a user)",
    options: {
      email: { type: "string" },
      partner: { type: "string" },
      platform: { type: "boolean" },
      permissions: { type: "string" },
    },
    async run(input) {
      const { io } = input;
      const scope: OperatorScope = input.values.platform === true ? "platform" : "partner";
      const partnerId = await partnerOf(input);
      const email = required(input.values, "email");
      try {
        const view = await operatorService(input.database.db).grant(cliGrantor(input), {
          email,
          partnerId,
          scope,
          permissions: permissionsOf(input, scope),
        });
        io.log(
          `${view.email} (${view.partnerName}) is a ${view.scope} operator: ${view.permissions.join(", ")}`,
        );
        return 0;
      } catch (error) {
        const text = refusal(error);
        if (text === null) throw error;
        io.error(`Refused: ${text}`);
        return 1;
      }
    },
  },
  {
    area: "operator",
    action: "revoke",
    usage: "operator revoke --email USER@EXAMPLE.COM [--partner ID]   (ends a user's operator rights)",
    options: { email: { type: "string" }, partner: { type: "string" } },
    async run(input) {
      const { io } = input;
      const operators = operatorService(input.database.db);
      const email = required(input.values, "email");
      const user = await operators.findUser(await partnerOf(input), email);
      if (!user) {
        io.error(`No account ${email} on that partner site.`);
        return 1;
      }
      const revoked = await operators.revoke(cliGrantor(input), user.id);
      io.log(
        revoked ? `${email} is no longer an operator.` : `${email} was not an operator; nothing changed.`,
      );
      return 0;
    },
  },
  {
    area: "operator",
    action: "list",
    usage: "operator list   (everyone who may open the operator console)",
    options: {},
    async run(input) {
      const rows = await operatorService(input.database.db).list(null);
      input.io.table(
        rows.map((row) => ({
          email: row.email,
          partner: row.partnerName,
          scope: row.scope,
          permissions: row.permissions.join(" "),
          grantedBy: row.grantedBy,
        })),
      );
      return 0;
    },
  },
];
