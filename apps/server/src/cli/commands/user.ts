import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema/index";
import { type CliCommand, required } from "../command";

/** Grants or takes back platform super-user rights (Owner in every organisation of the user's partner). */
function superCommand(action: "make-super" | "revoke-super", value: boolean): CliCommand {
  return {
    area: "user",
    action,
    usage: `user ${action} --email EMAIL [--partner PARTNER_ID]`,
    options: { email: { type: "string" }, partner: { type: "string" } },
    async run({ values, database, io }) {
      const email = required(values, "email").toLowerCase();
      const partner = typeof values.partner === "string" ? values.partner : undefined;
      const matches = await database.db
        .select({ id: users.id, partnerId: users.partnerId })
        .from(users)
        .where(partner ? and(eq(users.email, email), eq(users.partnerId, partner)) : eq(users.email, email));
      if (matches.length === 0) {
        io.error(`No account with the e-mail ${email}${partner ? ` on partner ${partner}` : ""}.`);
        return 1;
      }
      if (matches.length > 1) {
        io.error(`${email} has accounts on ${matches.length} partner sites; name one with --partner.`);
        return 2;
      }
      await database.db.update(users).set({ platformAdmin: value }).where(eq(users.id, matches[0]!.id));
      io.log(
        `${email} is ${value ? "now" : "no longer"} a platform super-user of partner ${matches[0]!.partnerId}.`,
      );
      return 0;
    },
  };
}

export const userCommands: CliCommand[] = [
  superCommand("make-super", true),
  superCommand("revoke-super", false),
];
