import { randomInt } from "node:crypto";
import { microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import type { OperatorPaymentMethods } from "@nc/contracts/operator";
import type {
  CreatedRecharge,
  RechargeMethod,
  RechargeOptions,
  RechargeOrder,
  RechargeReceipt,
  RechargeStatus,
} from "@nc/contracts/recharge";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, desc, eq, inArray, lt, ne } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Config } from "../../config";
import { AppError, fieldError } from "../../core/app-error";
import { type Db, isUniqueViolation } from "../../core/db";
import type { AuditMeta } from "../../core/request-context";
import { ledgerEntries, partners, paymentEvents, rechargeOrders, tenants } from "../../db/schema/index";
import { type AuditEvent, auditActorOf, recordAudit } from "../audit/index";
import type { Actor, BillingService } from "../billing/index";
import type { NewNotice, NoticeService } from "../notice/index";
import { autoTopUpRepo } from "./auto-top-up/auto-top-up-repo";
import { bankTransferProvider } from "./providers/bank-transfer";
import type { RechargeProvider, StartInput } from "./providers/provider";
import { stripeProvider } from "./providers/stripe";

export type RechargeRow = typeof rechargeOrders.$inferSelect;

// No 0/O, 1/I/L: a reference is read aloud and typed from a bank statement.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const block = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
/** A human-friendly unique reference, e.g. NC-7K3P-9QX2. */
export const newReference = () => `NC-${block()}-${block()}`;
/** What an operator types: any case, spaces or missing dashes. */
export const normaliseReference = (text: string) => {
  const plain = text.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const body = plain.startsWith("NC") ? plain.slice(2) : plain;
  return body.length === 8 ? `NC-${body.slice(0, 4)}-${body.slice(4)}` : text.trim().toUpperCase();
};

const PRESETS = ["10", "50", "100", "500", "1000"];

export function toOrder(row: RechargeRow): RechargeOrder {
  return {
    id: row.id,
    method: row.method as RechargeMethod,
    amountMicros: row.amountMicros.toString(),
    receivedMicros: row.receivedMicros?.toString() ?? null,
    currency: row.currency,
    status: row.status as RechargeStatus,
    reference: row.reference,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    ledgerEntryId: row.ledgerEntryId,
    automatic: row.automatic,
  };
}

/**
 * Where an operator console request came from, for the audit log (none from the CLI); its actor,
 * when given, names the operator fully (e-mail and user id), where the ledger's actor has only one.
 */
export type RequestOrigin = Pick<AuditMeta, "ip" | "userAgent"> & Partial<Pick<AuditMeta, "actor">>;

type RechargeConfig = Pick<
  Config,
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_BASE"
  | "BANK_TRANSFER_DETAILS"
  | "BANK_TRANSFER_DAYS"
  | "RECHARGE_MIN"
  | "RECHARGE_MAX"
>;

/**
 * A recharge's audit event: the order, its amount and the operator's note; a confirmation also
 * records what was credited (receivedMicros), which may differ from the ordered amountMicros.
 */
const rechargeEvent = (
  row: RechargeRow,
  action: "recharge.confirmed" | "recharge.rejected",
  actor: Actor,
  note?: string,
  receivedMicros?: bigint,
  from?: RequestOrigin,
): AuditEvent => ({
  tenantId: row.tenantId,
  actor: from?.actor ?? auditActorOf(actor),
  ip: from?.ip,
  userAgent: from?.userAgent,
  action,
  target: { type: "recharge_order", id: row.id },
  details: {
    reference: row.reference,
    method: row.method,
    amountMicros: row.amountMicros.toString(),
    currency: row.currency,
    ...(receivedMicros === undefined ? {} : { receivedMicros: receivedMicros.toString() }),
    ...(note ? { reason: note } : {}),
  },
});

/**
 * The notice that an order's money reached the balance (bank transfer confirmed or card paid):
 * amountMicros is what was credited, orderedMicros what the order asked for.
 */
const rechargeCreditedNotice = (
  row: RechargeRow,
  creditedMicros: bigint,
  balanceAfterMicros: bigint,
): NewNotice => ({
  tenantId: row.tenantId,
  // An automatic top-up was asked for by no one at that moment: every member is told.
  userId: row.automatic ? null : row.createdBy,
  type: row.automatic ? "auto_top_up_made" : "recharge_credited",
  params: {
    orderId: row.id,
    reference: row.reference,
    method: row.method,
    currency: row.currency,
    amountMicros: creditedMicros.toString(),
    orderedMicros: row.amountMicros.toString(),
    balanceMicros: balanceAfterMicros.toString(),
  },
});

/** Recharge orders: create with a provider, list, cancel; paid exactly once (webhook or operator). */
export function rechargeService(
  db: Db,
  config: RechargeConfig,
  { billing, notices }: { billing: BillingService; notices: Pick<NoticeService, "notify"> },
) {
  const providers: Record<RechargeMethod, RechargeProvider> = {
    stripe: stripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    }),
    bank_transfer: bankTransferProvider({
      details: config.BANK_TRANSFER_DETAILS,
      days: config.BANK_TRANSFER_DAYS,
    }),
  };
  const min = parseAmountToMicros(config.RECHARGE_MIN)!;
  const max = parseAmountToMicros(config.RECHARGE_MAX)!;
  const autoTopUps = autoTopUpRepo(db);

  /** Pending orders past their time become expired (checked whenever they are read). */
  const expireOld = (tenantId?: string) =>
    db
      .update(rechargeOrders)
      .set({ status: "expired", updatedAt: new Date() })
      .where(
        and(
          eq(rechargeOrders.status, "pending"),
          lt(rechargeOrders.expiresAt, new Date()),
          tenantId ? eq(rechargeOrders.tenantId, tenantId) : undefined,
        ),
      );

  async function find(tenantId: string, id: string): Promise<RechargeRow> {
    await expireOld(tenantId);
    const [row] = await db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.tenantId, tenantId), eq(rechargeOrders.id, id)));
    if (!row) throw new AppError("notFound");
    return row;
  }

  async function insertOrder(values: Omit<typeof rechargeOrders.$inferInsert, "reference">) {
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await db
          .insert(rechargeOrders)
          .values({ ...values, reference: newReference() })
          .returning();
        return row!;
      } catch (error) {
        if (attempt < 5 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /**
   * Credits the order once and marks it paid. Safe to call again or at the same moment from
   * another process: the ledger's idempotency key "recharge:<orderId>" lets one credit through.
   * receivedMicros is what a bank transfer actually brought (fees, a mistyped amount), credited
   * instead of the ordered amount (docs/operations.md, "Balance and recharges").
   */
  async function markPaid(
    orderId: string,
    actor: Actor,
    note?: string,
    receivedMicros?: bigint,
    from?: RequestOrigin,
  ): Promise<{ order: RechargeRow; credited: boolean }> {
    const paidValues = (entry: { id: string; amountMicros: bigint }) => {
      const now = new Date();
      return {
        status: "paid" as const,
        ledgerEntryId: entry.id,
        // The ledger row is the truth: a replayed credit keeps the amount first credited.
        receivedMicros: entry.amountMicros,
        paidAt: now,
        updatedAt: now,
        ...(note ? { note } : {}),
      };
    };
    const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId));
    if (!row) throw new AppError("notFound");
    if (row.status === "paid") return { order: row, credited: false };
    const received = receivedMicros ?? row.amountMicros;
    if (received <= 0n) throw fieldError("received", "amount_invalid");
    const posted = await billing.credit({
      tenantId: row.tenantId,
      tradeType: TRADE_TYPES.recharge,
      amountMicros: received,
      idempotencyKey: `recharge:${row.id}`,
      // The order is the request, whatever arrived: a second confirm with another amount replays
      // the first credit instead of crediting again.
      request: { orderId: row.id, amountMicros: row.amountMicros.toString() },
      reference: { type: "recharge", id: row.id },
      actor,
      note: note ?? {
        key: row.method === "stripe" ? "rechargeCard" : "rechargeBank",
        params: { reference: row.reference },
      },
      // Whoever placed the order is told in the credit's own transaction, so a replayed credit
      // (webhook retry, second confirm) tells nobody twice.
      alongside: async (tx, entry) => {
        // The order is marked paid in the credit's own transaction. A bank transfer rejected in
        // the meantime (failed) undoes the credit, and a reject arriving after it finds it paid:
        // a confirm and a reject at the same moment never both succeed.
        const claimed = await tx
          .update(rechargeOrders)
          .set(paidValues(entry))
          .where(
            and(
              eq(rechargeOrders.id, row.id),
              ne(rechargeOrders.status, "paid"),
              row.method === "bank_transfer" ? ne(rechargeOrders.status, "failed") : undefined,
            ),
          )
          .returning({ id: rechargeOrders.id });
        if (claimed.length === 0 && row.method === "bank_transfer") throw new AppError("rechargeNotPending");
        await recordAudit(tx, rechargeEvent(row, "recharge.confirmed", actor, note, received, from));
        // An automatic top-up paid: the next one may be claimed (auto-top-up-repo.ts, claim).
        if (row.automatic) await autoTopUps.release(row.id, tx);
        await notices.notify(rechargeCreditedNotice(row, received, entry.balanceAfterMicros), tx);
      },
    });
    // Orders credited before they were marked in the same transaction (a replay) are marked now.
    const [updated] = await db
      .update(rechargeOrders)
      .set(paidValues(posted.entry))
      .where(and(eq(rechargeOrders.id, row.id), ne(rechargeOrders.status, "paid")))
      .returning();
    const [current] = updated
      ? [updated]
      : await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, row.id));
    return { order: current!, credited: !posted.replayed };
  }

  /** Moves a pending order to a final unpaid state; false when it was not pending. */
  async function close(
    where: ReturnType<typeof eq>,
    status: Exclude<RechargeStatus, "pending" | "paid">,
    note?: string,
  ): Promise<RechargeRow | null> {
    const [row] = await db
      .update(rechargeOrders)
      .set({ status, updatedAt: new Date(), ...(note ? { note } : {}) })
      .where(and(where, eq(rechargeOrders.status, "pending")))
      .returning();
    return row ?? null;
  }

  return {
    providers,
    markPaid,
    /** Pending orders past their time become expired (the operator console's list reads them after). */
    expireOverdue: () => expireOld(),

    /**
     * Which ways to pay the settings provide, for the operator console: card when Stripe's key and
     * webhook secret are set, bank transfer when its details are (without them customers only get
     * a reference and a ready-written e-mail to support).
     */
    paymentMethods: (): OperatorPaymentMethods => ({
      card: providers.stripe.available(),
      bankTransfer: Boolean(config.BANK_TRANSFER_DETAILS),
    }),

    async options(tenantId: string): Promise<RechargeOptions> {
      const { currency } = await billing.balance(tenantId);
      return {
        methods: (Object.values(providers) as RechargeProvider[])
          .filter((p) => p.available())
          .map((p) => p.method),
        currency,
        minMicros: min.toString(),
        maxMicros: max.toString(),
        presets: PRESETS.filter((p) => {
          const micros = parseAmountToMicros(p)!;
          return micros >= min && micros <= max;
        }),
        bankDetails: config.BANK_TRANSFER_DETAILS ?? "",
        bankTransferDays: config.BANK_TRANSFER_DAYS,
      };
    },

    async create(input: {
      tenantId: string;
      userId: string;
      method: RechargeMethod;
      amount: string;
      brandName: string;
      origin: string;
      langPrefix: string;
    }): Promise<CreatedRecharge> {
      const provider = providers[input.method];
      if (!provider.available()) throw new AppError("rechargeMethodUnavailable");
      const amountMicros = parseAmountToMicros(input.amount);
      if (amountMicros === null) throw fieldError("amount", "amount_invalid");
      if (amountMicros < min || amountMicros > max)
        throw fieldError("amount", "amount_range", { min: microsToDecimal(min), max: microsToDecimal(max) });
      const { currency } = await billing.balance(input.tenantId);
      const row = await insertOrder({
        id: uuidv7(),
        tenantId: input.tenantId,
        method: input.method,
        amountMicros,
        currency,
        status: "pending",
        createdBy: input.userId,
      });
      const start: StartInput = {
        orderId: row.id,
        tenantId: input.tenantId,
        reference: row.reference,
        amountMicros,
        currency,
        brandName: input.brandName,
        origin: input.origin,
        langPrefix: input.langPrefix,
      };
      let started: Awaited<ReturnType<RechargeProvider["start"]>>;
      try {
        started = await provider.start(start);
      } catch (error) {
        await close(eq(rechargeOrders.id, row.id), "failed", "provider error");
        throw Object.assign(new AppError("unavailable"), { cause: error });
      }
      const [saved] = await db
        .update(rechargeOrders)
        .set({
          providerSessionId: started.providerSessionId ?? null,
          expiresAt: started.expiresAt,
          updatedAt: new Date(),
        })
        .where(eq(rechargeOrders.id, row.id))
        .returning();
      return {
        orderId: row.id,
        order: toOrder(saved ?? row),
        checkoutUrl: started.checkoutUrl,
        reference: input.method === "bank_transfer" ? row.reference : undefined,
        bankDetails: started.bankDetails,
      };
    },

    async list(tenantId: string): Promise<RechargeOrder[]> {
      await expireOld(tenantId);
      const rows = await db
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.tenantId, tenantId))
        .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
        .limit(200);
      return rows.map(toOrder);
    },

    get: async (tenantId: string, id: string) => toOrder(await find(tenantId, id)),

    async cancel(tenantId: string, id: string): Promise<RechargeOrder> {
      // An automatic top-up is Stripe's to finish: its webhook pays or fails it.
      if ((await find(tenantId, id)).automatic) throw new AppError("rechargeNotPending");
      const row = await close(
        and(eq(rechargeOrders.tenantId, tenantId), eq(rechargeOrders.id, id)) as ReturnType<typeof eq>,
        "cancelled",
      );
      if (!row) throw new AppError("rechargeNotPending");
      return toOrder(row);
    },

    async receipt(tenantId: string, id: string): Promise<RechargeReceipt> {
      const row = await find(tenantId, id);
      if (row.status !== "paid") throw new AppError("notFound");
      const [owner] = await db
        .select({ tenant: tenants, partner: partners })
        .from(tenants)
        .innerJoin(partners, eq(partners.id, tenants.partnerId))
        .where(eq(tenants.id, tenantId));
      const [entry] = row.ledgerEntryId
        ? await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, row.ledgerEntryId))
        : [];
      return {
        order: toOrder(row),
        tenant: { id: owner!.tenant.id, name: owner!.tenant.name },
        brand: {
          name: owner!.partner.name,
          logo: owner!.partner.logo,
          darkLogo: owner!.partner.darkLogo,
          email: owner!.partner.email,
        },
        balanceAfterMicros: entry?.balanceAfterMicros?.toString() ?? null,
      };
    },

    /** Operator: a bank transfer by its reference. */
    async byReference(reference: string): Promise<RechargeRow | undefined> {
      await expireOld();
      const [row] = await db
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.reference, normaliseReference(reference)));
      return row;
    },

    /** An operator marks a bank transfer as never arrived; recorded in the audit log with it. */
    reject: (id: string, actor: Actor, note?: string, from?: RequestOrigin) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(rechargeOrders)
          .set({ status: "failed", updatedAt: new Date(), ...(note ? { note } : {}) })
          .where(
            and(
              eq(rechargeOrders.id, id),
              inArray(rechargeOrders.status, ["pending", "expired", "cancelled"]),
            ),
          )
          .returning();
        if (row) await recordAudit(tx, rechargeEvent(row, "recharge.rejected", actor, note, undefined, from));
        return row ?? null;
      }),

    bySession: async (sessionId: string) =>
      (await db.select().from(rechargeOrders).where(eq(rechargeOrders.providerSessionId, sessionId)))[0],

    byId: async (id: string) => (await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)))[0],

    /** A Stripe session ended unpaid: expired or failed, if still pending. */
    closeSession: (sessionId: string, status: "expired" | "failed") =>
      close(eq(rechargeOrders.providerSessionId, sessionId), status),

    /** Records a provider event; false when it was already recorded (a replay). */
    async seen(eventId: string): Promise<boolean> {
      const rows = await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
      return rows.length > 0;
    },
    async recordEvent(eventId: string, provider: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ id: eventId, provider, type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },
  };
}

export type RechargeService = ReturnType<typeof rechargeService>;
