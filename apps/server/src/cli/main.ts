import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { partnerService } from "../features/partner/partner-service";

const USAGE = `Operator commands (run with the server stopped when using the embedded database):

  partner list
  partner create --name NAME [--domain HOST] [--sub-domain LABEL] [--email SUPPORT] [--logo URL] [--dark-logo URL] [--currency USD]
`;

/** Operator commands; they use the same configuration (DATA_DIR or DATABASE_URL) as the server. */
async function main(argv: string[]) {
  const [area, action, ...rest] = argv;
  if (area !== "partner" || !action || !["list", "create"].includes(action)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const partners = partnerService(database.db, {
      name: config.DEFAULT_PARTNER_NAME,
      email: config.DEFAULT_PARTNER_EMAIL,
    });
    await partners.ensureDefault();
    if (action === "list") {
      console.table(
        (await partners.list()).map(({ id, name, domain, subDomain, email, isDefault }) => ({
          id,
          name,
          domain,
          subDomain,
          email,
          isDefault,
        })),
      );
      return 0;
    }
    const { values } = parseArgs({
      args: rest,
      options: {
        name: { type: "string" },
        domain: { type: "string" },
        "sub-domain": { type: "string" },
        email: { type: "string" },
        logo: { type: "string" },
        "dark-logo": { type: "string" },
        currency: { type: "string" },
      },
    });
    if (!values.name) {
      console.error("partner create: --name is required\n");
      console.error(USAGE);
      return 2;
    }
    const row = await partners.create({
      name: values.name,
      domain: values.domain?.toLowerCase(),
      subDomain: values["sub-domain"]?.toLowerCase(),
      email: values.email,
      logo: values.logo,
      darkLogo: values["dark-logo"],
      currency: values.currency,
    });
    console.log(`Created partner ${row.name} (${row.id})`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
