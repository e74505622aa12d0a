import { z } from "zod";
import { parseAmountToMicros } from "./money";
import { TRADE_TYPES } from "./trade-types";

/** The account screens (docs/operations.md, "Balance and recharges"): overview, chart, transactions, detail, export, settings. */
export const TRANSACTIONS_PAGE_MAX = 100;
export const TRANSACTIONS_PAGE_DEFAULT = 20;
export const SERIES_DAYS_MAX = 366;

const TRADE_TYPE_VALUES = Object.values(TRADE_TYPES) as number[];

/** A positive decimal amount ("12.5"), at most six decimals. */
export const amountText = z
  .string()
  .refine((s) => parseAmountToMicros(s) !== null, { error: "invalid_format" });
export const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" });

/** A repeatable or comma-separated query parameter (`a=1&a=2` or `a=1,2`) as its list of texts. */
export const splitQueryList = (v: unknown): string[] | undefined =>
  v === undefined || v === ""
    ? undefined
    : [v]
        .flat()
        .flatMap((s) => String(s).split(","))
        .filter(Boolean);

/** `tradeType=1&tradeType=4` or `tradeType=1,4`. */
const tradeTypeList = z.preprocess(
  (v) => splitQueryList(v)?.map(Number),
  z
    .array(
      z
        .number()
        .int()
        .refine((n) => TRADE_TYPE_VALUES.includes(n), { error: "invalid_value" }),
    )
    .max(12)
    .optional(),
);

export const transactionFilter = z.object({
  tradeType: tradeTypeList,
  from: dayText.optional(),
  to: dayText.optional(),
  minAmount: amountText.optional(),
  maxAmount: amountText.optional(),
});

export const transactionListQuery = transactionFilter.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= TRANSACTIONS_PAGE_MAX, { error: "out_of_range" })
    .default(TRANSACTIONS_PAGE_DEFAULT),
});
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export const transactionExportQuery = transactionFilter.extend({ format: z.enum(["csv", "xlsx"]) });

export const seriesQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= SERIES_DAYS_MAX, { error: "out_of_range" })
    .default(30),
});

/** POST /api/tenant/account/settings: null turns the low-balance notice off. */
export const accountSettingsBody = z.object({ lowBalanceThreshold: amountText.nullable() });
export type AccountSettingsBody = z.infer<typeof accountSettingsBody>;

/** Money travels as decimal strings of micros. */
export interface AccountOverview {
  currency: string;
  balanceMicros: string;
  spendingThisMonthMicros: string;
  lowBalanceThresholdMicros: string | null;
  timeZone: string;
  /** The welcome credit the organisation was given when it was created ("0" for none). */
  welcomeCreditMicros: string;
}

export interface SeriesPoint {
  /** YYYY-MM-DD in the organisation's time zone. */
  day: string;
  balanceMicros: string;
  spendingMicros: string;
}

export interface Transaction {
  id: string;
  tradeType: number;
  amountMicros: string;
  balanceAfterMicros: string;
  service: string | null;
  quantity: number | null;
  referenceType: string | null;
  referenceId: string | null;
  actorType: string;
  actorId: string | null;
  note: string | null;
  createdAt: string;
  /**
   * Only in the customer's list, on a row that stands for the charges of a day's job of single
   * checks (its ledger rows summed, at its latest check): how many checks the job holds. The
   * row's id is then the job's, and its page lists the checks.
   */
  checks?: number;
}

export interface TransactionPage {
  data: Transaction[];
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
  currency: string;
}

export interface TransactionDetail extends Transaction {
  currency: string;
  reservation: {
    id: string;
    reservedMicros: string;
    settledMicros: string;
    releasedMicros: string;
    status: string;
    chargeEntryId: string;
    createdAt: string;
    closedAt: string | null;
  } | null;
  rechargeOrder: {
    id: string;
    method: string;
    status: string;
    reference: string;
    amountMicros: string;
    currency: string;
  } | null;
  actorUser: { id: string; name: string; email: string } | null;
}
