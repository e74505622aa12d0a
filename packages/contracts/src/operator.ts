import { z } from "zod";
import type { JobView } from "./jobs";
import { type PriceQuoteView, SERVICE_CODES, type ServicePriceView } from "./prices";
import type { RechargeMethod, RechargeStatus } from "./recharge";
import type { LookupKindCode, ServiceCode } from "./services";

/**
 * The operator console (docs/operations.md, "The operator console"): the people who run the
 * business, apart from any customer organisation's roles. A platform operator works across every
 * partner; a partner operator only on the customers, prices and brand of their own partner (the
 * partner site they signed up on). Labels: `operator:permissions.<resource>.<action>`.
 */
export const OPERATOR_PERMISSION_CATALOG = {
  "operator.customer": ["read"],
  "operator.recharge": ["read", "confirm"],
  "operator.balance": ["adjust"],
  "operator.partner": ["read", "create", "update"],
  "operator.price": ["read", "update"],
  "operator.provider": ["read"],
  "operator.user": ["read", "update"],
  "operator.operator": ["read", "grant"],
  "operator.audit": ["read"],
} as const;

export type OperatorPermissionResource = keyof typeof OPERATOR_PERMISSION_CATALOG;

/** One operator right, "operator.resource:action". */
export type OperatorPermission = {
  [R in OperatorPermissionResource]: `${R}:${(typeof OPERATOR_PERMISSION_CATALOG)[R][number]}`;
}[OperatorPermissionResource];

export const ALL_OPERATOR_PERMISSIONS: OperatorPermission[] = Object.entries(
  OPERATOR_PERMISSION_CATALOG,
).flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}` as OperatorPermission));

export const isOperatorPermission = (value: string): value is OperatorPermission =>
  (ALL_OPERATOR_PERMISSIONS as readonly string[]).includes(value);

/**
 * Rights only a platform operator can hold: making partners and seeing the live look-up providers
 * (their health and cost are the platform's, shared by every partner).
 */
export const PLATFORM_ONLY_OPERATOR_PERMISSIONS: readonly OperatorPermission[] = [
  "operator.partner:create",
  "operator.provider:read",
];

export const OPERATOR_SCOPES = ["platform", "partner"] as const;
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];

/** GET /api/operator/me: who the console is working for. 403 (40003) for anyone who is not an operator. */
export interface OperatorMe {
  userId: string;
  email: string;
  scope: OperatorScope;
  /** The operator's own partner (the site they sign in on); a platform operator's is the default site. */
  partnerId: string;
  partnerName: string;
  permissions: OperatorPermission[];
}

/** GET /api/operator/payment-methods: which ways to pay the server's settings offer customers. */
export interface OperatorPaymentMethods {
  /** Stripe's secret key and webhook secret are set. */
  card: boolean;
  /** BANK_TRANSFER_DETAILS is set. */
  bankTransfer: boolean;
}

/** GET /api/operator/operators: everyone who may open the console, within the caller's reach. */
export interface OperatorView {
  userId: string;
  email: string;
  name: string;
  partnerId: string;
  partnerName: string;
  scope: OperatorScope;
  permissions: OperatorPermission[];
  grantedBy: string | null;
  createdAt: string;
}

/**
 * POST /api/operator/operators: make a user of a partner site an operator, or change their rights.
 * Nobody grants a right they do not hold, and a partner operator only within their own partner.
 */
export const grantOperatorBody = z.object({
  email: z.email({ error: "invalid_email" }).max(254),
  /** The partner site the user signed up on; a partner operator may only name their own. */
  partnerId: z.uuid(),
  scope: z.enum(OPERATOR_SCOPES),
  permissions: z
    .array(z.string().refine(isOperatorPermission, { error: "unknown_permission" }))
    .min(1, { error: "required" })
    .max(ALL_OPERATOR_PERMISSIONS.length),
});
export type GrantOperatorBody = z.infer<typeof grantOperatorBody>;

/** A positive amount with at most six decimals (micro-units), as a decimal string ("25", "25.50"). */
export const operatorAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, { error: "operator_amount_invalid" })
  .refine((value) => /[1-9]/.test(value), { error: "operator_amount_invalid" });

/**
 * Idempotency key of a money action: the same key with the same request does it once and answers
 * the first outcome again (the console makes one per form it opens; the CLI takes --key).
 */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, { error: "idempotency_key_invalid" });

/** POST /api/operator/recharges/:id/confirm: credit a bank transfer once, with what arrived. */
export const confirmRechargeBody = z.object({
  /** What the bank statement shows, when it differs from the order; the ordered amount otherwise. */
  received: operatorAmountSchema.optional(),
  note: z.string().trim().max(500).optional(),
});
export type ConfirmRechargeBody = z.infer<typeof confirmRechargeBody>;

/** POST /api/operator/recharges/:id/reject. */
export const rejectRechargeBody = z.object({ note: z.string().trim().max(500).optional() });
export type RejectRechargeBody = z.infer<typeof rejectRechargeBody>;

export const BALANCE_ADJUSTMENTS = ["add", "sub", "refund"] as const;
export type BalanceAdjustment = (typeof BALANCE_ADJUSTMENTS)[number];

/** POST /api/operator/customers/:id/balance: a correction with a reason, always a new ledger row. */
export const adjustBalanceBody = z.object({
  kind: z.enum(BALANCE_ADJUSTMENTS),
  amount: operatorAmountSchema,
  reason: z.string().trim().min(3, { error: "too_short" }).max(500),
  idempotencyKey: idempotencyKeySchema,
});
export type AdjustBalanceBody = z.infer<typeof adjustBalanceBody>;

/** The outcome of an adjustment; `replayed` when the key had already done it. */
export interface BalanceAdjusted {
  entryId: string;
  balanceMicros: string;
  currency: string;
  replayed: boolean;
}

/** GET /api/operator/recharges?status=pending: bank-transfer orders as the console lists them. */
export interface OperatorRechargeView {
  id: string;
  reference: string;
  method: RechargeMethod;
  status: RechargeStatus;
  amountMicros: string;
  receivedMicros: string | null;
  currency: string;
  tenantId: string;
  tenantName: string;
  partnerId: string;
  partnerName: string;
  note: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** GET /api/operator/customers?q=: organisations found by name, owner e-mail or id. */
/**
 * This calendar month's (UTC) spend, net of the refunds of unused holds, service by service: the
 * refund of a bulk hold counts for the service of the charge that opened it; "other" collects what
 * names no service (an operator's refund). The total is the sum of the split.
 */
export interface OperatorMonthSpend {
  totalMicros: string;
  /** Services with a non-zero spend, in the order of the services descriptor ("other" last). */
  byService: { service: string; micros: string }[];
}

export interface OperatorCustomerView {
  id: string;
  name: string;
  status: string;
  partnerId: string;
  partnerName: string;
  ownerEmail: string | null;
  balanceMicros: string;
  currency: string;
  /** What this calendar month's checks cost (UTC), in micro-units of the organisation's currency. */
  monthSpend: OperatorMonthSpend;
  members: number;
  lastActivityAt: string | null;
  createdAt: string;
}

export interface OperatorCustomerPage {
  items: OperatorCustomerView[];
  nextCursor: string | null;
}

export const customerSearchQuery = z.object({
  q: z.string().trim().max(200).optional(),
  partnerId: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;

/** One operator action of the console or the CLI, newest first (GET /api/operator/audit). */
export interface OperatorAuditEventView {
  id: string;
  action: string;
  /** The action in the reader's language, with its details. */
  summary: string;
  actorLabel: string | null;
  tenantId: string | null;
  tenantName: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

export interface OperatorAuditPage {
  items: OperatorAuditEventView[];
  nextCursor: string | null;
}

/** A brand colour as the console and the CLI take it. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** "" clears an optional text field of a partner. */
const optionalText = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(""), schema]);

/** The brand of a partner site as the console edits it (POST /api/operator/partners[/:id]). */
const partnerFields = {
  name: z.string().trim().min(1, { error: "required" }).max(100, { error: "too_long" }),
  domain: optionalText(z.string().trim().toLowerCase().regex(HOST_NAME, { error: "invalid_host" })),
  subDomain: optionalText(z.string().trim().toLowerCase().regex(HOST_LABEL, { error: "invalid_host" })),
  email: optionalText(z.email({ error: "invalid_email" }).max(254)),
  logo: optionalText(z.url({ protocol: /^https?$/, error: "invalid_url" }).max(2000)),
  darkLogo: optionalText(z.url({ protocol: /^https?$/, error: "invalid_url" }).max(2000)),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: "invalid_currency" }),
  primaryColor: optionalText(z.string().trim().regex(HEX_COLOR, { error: "invalid_color" })),
  /** The partner's own staff organisation (one of its customers), or null for none. */
  staffTenantId: z.uuid().nullable(),
};

export const createPartnerBody = z.object(partnerFields).partial().required({ name: true });
export type CreatePartnerBody = z.infer<typeof createPartnerBody>;

export const updatePartnerBody = z
  .object(partnerFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: "required" });
export type UpdatePartnerBody = z.infer<typeof updatePartnerBody>;

/** GET /api/operator/partners: the partner sites within the operator's reach. */
export interface OperatorPartnerView {
  id: string;
  name: string;
  domain: string;
  subDomain: string;
  email: string;
  logo: string;
  darkLogo: string;
  currency: string;
  primaryColor: string;
  isDefault: boolean;
  staffTenantId: string | null;
  customers: number;
  createdAt: string;
}

/** The three kinds of price list (docs/operations.md, "Prices"). */
export const PRICE_SCOPES = ["standard", "partner", "special"] as const;
export type PriceScope = (typeof PRICE_SCOPES)[number];

/** Which list: the platform's, one partner's (partnerId) or one organisation's own (tenantId). */
export const priceListQuery = z
  .object({
    scope: z.enum(PRICE_SCOPES),
    partnerId: z.uuid().optional(),
    tenantId: z.uuid().optional(),
  })
  .refine((q) => q.scope !== "partner" || q.partnerId, { error: "required", path: ["partnerId"] })
  .refine((q) => q.scope !== "special" || q.tenantId, { error: "required", path: ["tenantId"] });
export type PriceListQuery = z.infer<typeof priceListQuery>;

/** A price per number: above zero, at most six decimals. */
const unitPrice = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,6})?$/, { error: "operator_amount_invalid" })
  .refine((value) => /[1-9]/.test(value), { error: "operator_amount_invalid" });

/** POST /api/operator/prices: set one band of a list (a new band, or a new price for one). */
export const setPriceBody = z
  .object({
    scope: z.enum(PRICE_SCOPES),
    partnerId: z.uuid().optional(),
    tenantId: z.uuid().optional(),
    service: z.enum(SERVICE_CODES),
    price: unitPrice,
    minMonthlyVolume: z
      .number()
      .int()
      .min(0, { error: "out_of_range" })
      .max(2_000_000_000, { error: "out_of_range" }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: "invalid_currency" })
      .optional(),
  })
  .refine((q) => q.scope !== "partner" || q.partnerId, { error: "required", path: ["partnerId"] })
  .refine((q) => q.scope !== "special" || q.tenantId, { error: "required", path: ["tenantId"] });
export type SetPriceBody = z.infer<typeof setPriceBody>;

/** POST /api/operator/prices/remove: one band, or every band of the service when no start is given. */
export const removePriceBody = z
  .object({
    scope: z.enum(PRICE_SCOPES),
    partnerId: z.uuid().optional(),
    tenantId: z.uuid().optional(),
    service: z.enum(SERVICE_CODES),
    minMonthlyVolume: z.number().int().min(0).max(2_000_000_000).optional(),
  })
  .refine((q) => q.scope !== "partner" || q.partnerId, { error: "required", path: ["partnerId"] })
  .refine((q) => q.scope !== "special" || q.tenantId, { error: "required", path: ["tenantId"] });
export type RemovePriceBody = z.infer<typeof removePriceBody>;

/** GET /api/operator/prices: one list, band by band, per service. */
export interface OperatorPriceList {
  scope: PriceScope;
  partnerId: string | null;
  tenantId: string | null;
  /** The currency a new band is in unless another is given. */
  defaultCurrency: string;
  services: ServicePriceView[];
}

/** The quantities the price preview shows: one number, ten thousand, a million. */
export const PRICE_PREVIEW_QUANTITIES = [1, 10_000, 1_000_000] as const;

/** GET /api/operator/prices/preview?tenantId=: what the organisation pays now, service by service. */
export interface OperatorPricePreview {
  tenantId: string;
  rows: { service: ServiceCode; quotes: PriceQuoteView[] | null }[];
}

/** One look-up provider's last hour as the running server saw it (GET /api/operator/providers). */
export interface OperatorProviderHealth {
  name: string;
  answers: readonly string[];
  breaker: "open" | "closed";
  /** Organisations whose own breaker for this provider is open now. */
  openTenants: number;
  /** `stragglers`: calls running on after they gave their slot back (docs/providers.md). */
  concurrency: { limit: number; active: number; waiting: number; stragglers: number };
  lastHour: {
    calls: number;
    errors: number;
    errorRate: number;
    creditErrors: number;
    p50Ms: number | null;
    p99Ms: number | null;
    /** What answered look-ups cost, as the provider reported it, per currency. */
    costs: { currency: string; calls: number; averageMicros: number }[];
  };
}

/**
 * Price per check against what the providers reported a check cost (last hour), per live service
 * and price list. The cost is that of the first provider each look-up is routed to; null when that
 * provider reported none in the list's currency.
 */
export interface OperatorMarginRow {
  service: ServiceCode;
  /** "standard", or the partner whose own list this is. */
  list: "standard" | "partner";
  partnerId: string | null;
  partnerName: string | null;
  currency: string;
  /** The list's first band (from 0 numbers a month), per number. */
  priceMicros: string;
  costMicros: string | null;
  marginMicros: string | null;
}

export interface OperatorProvidersView {
  providers: OperatorProviderHealth[];
  /** The routing settings that are not secrets (docs/providers.md). */
  settings: {
    sandbox: boolean;
    routes: string | null;
    /** Per look-up kind, the providers a look-up without country or partner tries, in order. */
    chains: Record<LookupKindCode, string[]>;
    concurrency: string;
    timeoutMs: number;
    /** One look-up's time in all, every try at every provider (LOOKUP_DEADLINE_MS). */
    deadlineMs: number;
    /** When a running call frees its slot; 0 never (LOOKUP_STRAGGLER_MS). */
    stragglerMs: number;
    cacheHours: number;
  };
  margins: OperatorMarginRow[];
}

/** GET /api/operator/users?q=: accounts found by e-mail, name or id, within the operator's reach. */
export const userSearchQuery = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export interface OperatorUserView {
  id: string;
  email: string;
  name: string;
  partnerId: string;
  partnerName: string;
  createdAt: string;
  /** The organisations the account belongs to, with its role in each (the role's key or name). */
  organisations: { id: string; name: string; role: string }[];
  /** Sessions that are signed in now, and when one was last used. */
  sessions: number;
  lastSeenAt: string | null;
  operator: { scope: OperatorScope; permissions: OperatorPermission[] } | null;
}

export interface OperatorUserPage {
  items: OperatorUserView[];
  nextCursor: string | null;
}

/** GET /api/operator/money/summary?from=&to=: calendar days (UTC), at most this many. */
export const MONEY_SUMMARY_DAYS_MAX = 92;

export const moneySummaryQuery = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" }),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" }),
    partnerId: z.uuid().optional(),
  })
  .refine((q) => !Number.isNaN(Date.parse(q.from)), { error: "invalid_format", path: ["from"] })
  .refine((q) => !Number.isNaN(Date.parse(q.to)), { error: "invalid_format", path: ["to"] })
  .refine((q) => q.to >= q.from, { error: "before_start", path: ["to"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MONEY_SUMMARY_DAYS_MAX, {
    error: "out_of_range",
    path: ["to"],
  });
export type MoneySummaryQuery = z.infer<typeof moneySummaryQuery>;

/**
 * One day and currency of the money that moved (micro-units, positive magnitudes): recharges
 * credited, spend by service net of the refunds of unused holds, operator corrections.
 */
export interface MoneySummaryDay {
  day: string;
  currency: string;
  recharges: string;
  /** By service code; "other" for charges that name none. */
  spend: Record<string, string>;
  refunds: string;
  /** Welcome credits of new organisations (WELCOME_CREDIT), apart from operators' additions. */
  welcome: string;
  added: string;
  subtracted: string;
}

/**
 * GET /api/operator/customers/:id/support: an organisation as support sees it, read-only: its
 * members and latest jobs. Each opening is written to the organisation's own audit log.
 */
export interface OperatorSupportView {
  members: { userId: string; email: string; name: string; role: string; joinedAt: string }[];
  /** The latest jobs, each with the fields of the customer's own job view support needs. */
  jobs: Pick<
    JobView,
    | "id"
    | "kind"
    | "channel"
    | "service"
    | "status"
    | "total"
    | "done"
    | "failed"
    | "fileName"
    | "chargedMicros"
    | "currency"
    | "createdAt"
  >[];
}
