import { z } from "zod";

export const FRAUD_LIST_KINDS = ["block", "allow"] as const;
export type FraudListKind = (typeof FRAUD_LIST_KINDS)[number];

/** Most entries one list may hold. */
export const FRAUD_LIST_MAX = 10_000;
/** Most entries one call may add or remove. */
export const FRAUD_LIST_BATCH_MAX = 1_000;

/** POST /api/tenant/fraud-list: numbers or prefixes in any notation ("+44 7700 900", "0044…"). */
export const fraudListAddBody = z.object({
  kind: z.enum(FRAUD_LIST_KINDS),
  entries: z.array(z.string().trim().min(1).max(40)).min(1).max(FRAUD_LIST_BATCH_MAX),
  note: z.string().trim().max(200).optional(),
});
export type FraudListAddBody = z.input<typeof fraudListAddBody>;

/** POST /api/tenant/fraud-list/remove */
export const fraudListRemoveBody = z.object({
  kind: z.enum(FRAUD_LIST_KINDS),
  entries: z.array(z.string().max(40)).min(1).max(FRAUD_LIST_BATCH_MAX),
});

export interface FraudListEntryView {
  entry: string;
  note: string;
  createdAt: string;
}

export interface FraudListsView {
  block: FraudListEntryView[];
  allow: FraudListEntryView[];
  max: number;
}

/** What an add did: how many were new (the rest were already on the list). */
export interface FraudListAddView extends FraudListsView {
  added: number;
}
