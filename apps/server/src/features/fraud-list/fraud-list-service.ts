import {
  FRAUD_LIST_MAX,
  type FraudListAddView,
  type FraudListKind,
  type FraudListsView,
} from "@nc/contracts/fraud-lists";
import { normalisePrefix, PrefixSet } from "@nc/numcheck/fraud/prefix";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import { fraudListRepo } from "./fraud-list-repo";

/** The organisation's lists as the fraud shield reads them. */
export interface FraudLists {
  blockList: PrefixSet;
  allowList: PrefixSet;
}

/** An organisation's block and allow lists: kept normalised, read by every fraud check. */
export function fraudListService(db: Db) {
  const repo = fraudListRepo(db);

  async function view(tenantId: string): Promise<FraudListsView> {
    const rows = await repo.all(tenantId);
    const of = (kind: FraudListKind) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => ({ entry: r.entry, note: r.note, createdAt: r.created_at }));
    return { block: of("block"), allow: of("allow"), max: FRAUD_LIST_MAX };
  }

  return {
    view,

    /** Normalises every entry first: one that is not a number or prefix names its place and nothing is added. */
    async add(input: {
      tenantId: string;
      userId: string;
      kind: FraudListKind;
      entries: string[];
      note?: string;
    }): Promise<FraudListAddView> {
      const fields: { field: string; reason: string; params: Record<string, string | number> }[] = [];
      const entries = input.entries.map((raw, index) => {
        const prefix = normalisePrefix(raw);
        if (prefix === null) fields.push({ field: `entries.${index}`, reason: "invalid_format", params: {} });
        return prefix ?? "";
      });
      if (fields.length > 0) throw new AppError("validation", { fields });
      const unique = [...new Set(entries)];
      const held = await repo.count(input.tenantId, input.kind);
      if (held + unique.length > FRAUD_LIST_MAX)
        throw new AppError("fraudListFull", { max: FRAUD_LIST_MAX }, { max: FRAUD_LIST_MAX });
      const added = await repo.add(input.tenantId, input.kind, unique, input.note ?? "", input.userId);
      return { ...(await view(input.tenantId)), added };
    },

    async remove(tenantId: string, kind: FraudListKind, entries: string[]): Promise<FraudListsView> {
      const normalised = entries.map((e) => normalisePrefix(e)).filter((e): e is string => e !== null);
      await repo.remove(tenantId, kind, normalised);
      return view(tenantId);
    },

    /** Both lists as prefix sets, for scoring (one read per check or per job). */
    async lists(tenantId: string): Promise<FraudLists> {
      const rows = await repo.all(tenantId);
      return {
        blockList: new PrefixSet(rows.filter((r) => r.kind === "block").map((r) => r.entry)),
        allowList: new PrefixSet(rows.filter((r) => r.kind === "allow").map((r) => r.entry)),
      };
    },
  };
}

export type FraudListService = ReturnType<typeof fraudListService>;
