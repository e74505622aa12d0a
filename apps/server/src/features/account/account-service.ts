import type {
  AccountOverview,
  SeriesPoint,
  Transaction,
  TransactionDetail,
  TransactionPage,
} from "@nc/contracts/account";
import type { Locale } from "@nc/contracts/locales";
import { parseAmountToMicros } from "@nc/contracts/money";
import { AppError } from "../../core/app-error";
import { keysetPage, optionalCursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { moneyParam } from "../../core/money";
import type { AuditMeta } from "../../core/request-context";
import type { AuditService } from "../audit/index";
import { type BillingService, noteText } from "../billing/index";
import { accountRepo, type LedgerFilter, type LedgerListRow } from "./account-repo";

export interface FilterInput {
  tradeType?: number[];
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
}

export const toFilter = (input: FilterInput, timeZone: string): LedgerFilter => ({
  tradeTypes: input.tradeType,
  from: input.from,
  to: input.to,
  minMicros: input.minAmount === undefined ? undefined : (parseAmountToMicros(input.minAmount) ?? undefined),
  maxMicros: input.maxAmount === undefined ? undefined : (parseAmountToMicros(input.maxAmount) ?? undefined),
  timeZone,
});

export const toTransaction = (row: LedgerListRow, locale: Locale): Transaction => ({
  id: row.id,
  tradeType: Number(row.trade_type),
  amountMicros: row.amount_micros,
  balanceAfterMicros: row.balance_after_micros,
  service: row.service,
  quantity: row.quantity === null ? null : Number(row.quantity),
  referenceType: row.reference_type,
  referenceId: row.reference_id,
  actorType: row.actor_type,
  actorId: row.actor_id,
  note: noteText(row, locale),
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.checks != null ? { checks: Number(row.checks) } : {}),
});

/** Reads of the account screens; the threshold is the only thing written here. */
export function accountService(
  db: Db,
  audit: Pick<AuditService, "record">,
  billing: Pick<BillingService, "balance">,
) {
  const repo = accountRepo(db);

  async function account(tenantId: string) {
    await billing.balance(tenantId); // creates the account on first sight
    return (await repo.account(tenantId))!;
  }

  return {
    repo,

    async overview(tenantId: string, timeZone: string): Promise<AccountOverview> {
      const row = await account(tenantId);
      return {
        currency: row.currency,
        balanceMicros: row.balance_micros,
        spendingThisMonthMicros: (await repo.spendingThisMonth(tenantId, timeZone)).toString(),
        lowBalanceThresholdMicros: row.low_balance_threshold_micros,
        timeZone,
        welcomeCreditMicros: (await repo.welcomeCredit(tenantId)).toString(),
      };
    },

    async series(tenantId: string, timeZone: string, days: number): Promise<SeriesPoint[]> {
      const rows = await repo.series(tenantId, timeZone, days);
      return rows.map((r) => ({ day: r.day, balanceMicros: r.balance, spendingMicros: r.spending }));
    },

    async transactions(
      tenantId: string,
      timeZone: string,
      query: FilterInput & { cursor?: string; limit: number },
      /** The reader's language, for the notes the product wrote. */
      locale: Locale,
      /**
       * The customer's view: a day's single checks as one row. Operators read every ledger row,
       * as the export does.
       */
      { byDayJob = false }: { byDayJob?: boolean } = {},
    ): Promise<TransactionPage> {
      const { currency } = await account(tenantId);
      const cursor = optionalCursor(query.cursor);
      const read = byDayJob ? repo.list : repo.page;
      const rows = await read(tenantId, toFilter(query, timeZone), query.limit + 1, cursor);
      return { ...keysetPage(rows, query.limit, (row) => toTransaction(row, locale)), currency };
    },

    async detail(tenantId: string, id: string, timeZone: string, locale: Locale): Promise<TransactionDetail> {
      const row = await repo.entry(tenantId, id, timeZone);
      if (!row) throw new AppError("notFound");
      const { currency } = await account(tenantId);
      const [reservation, order, user] = await Promise.all([
        repo.reservationFor(tenantId, row.id, row.reference_type === "reservation" ? row.reference_id : null),
        repo.rechargeOrderFor(
          tenantId,
          row.id,
          row.reference_type === "recharge_order" || row.reference_type === "recharge"
            ? row.reference_id
            : null,
        ),
        row.actor_type === "user" && row.actor_id ? repo.user(row.actor_id) : Promise.resolve(undefined),
      ]);
      return {
        ...toTransaction(row, locale),
        currency,
        reservation: reservation
          ? {
              id: reservation.id,
              reservedMicros: reservation.reserved_micros,
              settledMicros: reservation.settled_micros,
              releasedMicros: reservation.released_micros,
              status: reservation.status,
              chargeEntryId: reservation.charge_entry_id,
              createdAt: reservation.created_at,
              closedAt: reservation.closed_at,
            }
          : null,
        rechargeOrder: order
          ? {
              id: order.id,
              method: order.method,
              status: order.status,
              reference: order.reference,
              amountMicros: order.amount_micros,
              currency: order.currency,
            }
          : null,
        actorUser: user ?? null,
      };
    },

    async setThreshold(tenantId: string, threshold: string | null, meta: AuditMeta) {
      const { low_balance_threshold_micros: before, currency } = await account(tenantId);
      const micros = threshold === null ? null : parseAmountToMicros(threshold);
      // Money as micros and currency, so the log shows it in each reader's way.
      const shown = (value: string | bigint | null) =>
        value === null ? null : moneyParam(BigInt(value), currency);
      await db.transaction(async (tx) => {
        await repo.setThreshold(tenantId, micros, tx);
        await audit.record(tx, {
          tenantId,
          ...meta,
          action: "organisation.settings_updated",
          target: { type: "organisation", id: tenantId },
          details: {
            before: { lowBalanceThreshold: shown(before) },
            after: { lowBalanceThreshold: shown(micros) },
          },
        });
      });
      return { lowBalanceThresholdMicros: micros === null ? null : micros.toString() };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
