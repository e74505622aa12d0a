import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, Runner } from "../../core/db";
import type { PartnerRow } from "../../core/request-context";
import { partners } from "../../db/schema/index";

export interface PartnerInput {
  name: string;
  logo?: string;
  darkLogo?: string;
  email?: string;
  domain?: string | null;
  subDomain?: string | null;
  currency?: string;
  primaryColor?: string;
  staffTenantId?: string | null;
}

export function partnerRepo(db: Db) {
  return {
    all: () => db.select().from(partners),
    byId: async (id: string, runner: Runner = db) =>
      (await runner.select().from(partners).where(eq(partners.id, id)))[0],
    async update(id: string, patch: Partial<PartnerInput>, runner: Db = db): Promise<PartnerRow | undefined> {
      const [row] = await runner
        .update(partners)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(partners.id, id))
        .returning();
      return row;
    },
    async create(input: PartnerInput & { isDefault?: boolean }, runner: Db = db): Promise<PartnerRow> {
      const [row] = await runner
        .insert(partners)
        .values({
          id: uuidv7(),
          name: input.name,
          logo: input.logo ?? "",
          darkLogo: input.darkLogo ?? "",
          email: input.email ?? "",
          domain: input.domain || null,
          subDomain: input.subDomain || null,
          currency: input.currency ?? "USD",
          primaryColor: input.primaryColor ?? "",
          staffTenantId: input.staffTenantId ?? null,
          isDefault: input.isDefault ?? false,
        })
        .returning();
      return row!;
    },
    /** Creates the default partner once; concurrent starts of several processes agree on one. */
    async ensureDefault(input: PartnerInput): Promise<PartnerRow> {
      const existing = (await db.select().from(partners).where(eq(partners.isDefault, true)))[0];
      if (existing) return existing;
      return this.create({ ...input, isDefault: true });
    },
  };
}
