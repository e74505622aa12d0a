import type { SiteInfo } from "@nc/contracts/site";
import type { Db, Runner } from "../../core/db";
import type { PartnerRow } from "../../core/request-context";
import { parseHost } from "../../http/host";
import { type PartnerInput, partnerRepo } from "./partner-repo";

const CACHE_MS = 10_000;

/** Placeholder brand and support address used where a partner leaves a field empty (docs/architecture.md, "Organisations and access"). */
export interface PartnerDefaults {
  name: string;
  email: string;
}

/** Picks the partner of a request by its host: exact domain, else subdomain label, else the default. */
export function pickPartner(rows: PartnerRow[], host: string): PartnerRow | undefined {
  // A malformed host never reaches here (http/host.ts refuses it); none at all is the default site.
  const name = parseHost(host)?.name ?? "";
  const exact = rows.find((p) => p.domain && p.domain.toLowerCase() === name);
  if (exact) return exact;
  const label = name.split(".")[0];
  const bySub = name.includes(".")
    ? rows.find((p) => p.subDomain && p.subDomain.toLowerCase() === label)
    : undefined;
  return bySub ?? rows.find((p) => p.isDefault);
}

export function siteInfo(partner: PartnerRow | undefined, defaults: PartnerDefaults): SiteInfo {
  return {
    name: partner?.name || defaults.name,
    logo: partner?.logo || "",
    darkLogo: partner?.darkLogo || "",
    email: partner?.email || defaults.email,
    domain: partner?.domain || "",
    subDomain: partner?.subDomain || "",
    primaryColor: partner?.primaryColor || "",
  };
}

export function partnerService(db: Db, defaults: PartnerDefaults) {
  const repo = partnerRepo(db);
  let cached: { rows: PartnerRow[]; at: number } | undefined;

  async function rows(): Promise<PartnerRow[]> {
    if (!cached || Date.now() - cached.at > CACHE_MS) cached = { rows: await repo.all(), at: Date.now() };
    return cached.rows;
  }

  return {
    defaults,
    async ensureDefault(): Promise<PartnerRow> {
      const row = await repo.ensureDefault({ name: defaults.name, email: defaults.email });
      cached = undefined;
      return row;
    },
    async forHost(host: string): Promise<PartnerRow> {
      const found = pickPartner(await rows(), host);
      if (found) return found;
      // Only reachable before the default exists (an empty database opened by a tool).
      return this.ensureDefault();
    },
    /** Changes a partner; `alongside` runs in the same transaction (the operator's audit event). */
    async update(
      id: string,
      patch: Partial<PartnerInput>,
      alongside: (tx: Runner, before: PartnerRow, after: PartnerRow) => Promise<void> = async () => {},
    ): Promise<PartnerRow | undefined> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.byId(id, tx);
        const after = await repo.update(id, patch, tx);
        if (before && after) await alongside(tx, before, after);
        return after;
      });
      cached = undefined;
      return row;
    },
    async create(
      input: PartnerInput,
      alongside: (tx: Runner, row: PartnerRow) => Promise<void> = async () => {},
    ): Promise<PartnerRow> {
      const row = await db.transaction(async (tx) => {
        const made = await repo.create(input, tx);
        await alongside(tx, made);
        return made;
      });
      cached = undefined;
      return row;
    },
    list: () => repo.all(),
    siteInfo: (partner: PartnerRow | undefined) => siteInfo(partner, defaults),
  };
}

export type PartnerService = ReturnType<typeof partnerService>;
