import { SERVICES } from "./services";

/** The trade types that are not one service's checks; the numbers are stored and must never change. */
const LEDGER_TRADE_TYPES = {
  checkNumberApi: 1,
  add: 2,
  sub: 3,
  recharge: 4,
  refund: 10,
  dataWebDetection: 11,
  dataApiDetection: 12,
} as const;

type ServiceTradeTypes = {
  readonly [S in (typeof SERVICES)[number] as S["tradeTypeName"]]: S["tradeType"];
};

/**
 * Trade types of the ledger (docs/architecture.md, "Organisations and access"): the ledger's own
 * and each service's, named by its descriptor (`tradeTypeName`, `tradeType`). The numbers are
 * stored and must never change.
 */
export const TRADE_TYPES = {
  ...LEDGER_TRADE_TYPES,
  ...Object.fromEntries(SERVICES.map((s) => [s.tradeTypeName, s.tradeType])),
} as typeof LEDGER_TRADE_TYPES & ServiceTradeTypes;

/**
 * The trade types that are money spent on checks: the API's single checks, each service's checks
 * and the list and file jobs (the balance page's monthly spending, the spending by service, the
 * operator's money summary).
 */
export const SPENDING_TYPES: readonly number[] = [
  TRADE_TYPES.checkNumberApi,
  ...SERVICES.map((s) => s.tradeType),
  TRADE_TYPES.dataWebDetection,
  TRADE_TYPES.dataApiDetection,
];

/**
 * The ledger reference type of a welcome credit (WELCOME_CREDIT): trade type 2 like an operator's
 * addition, told apart by this reference (the console's money summary shows it on its own line).
 */
export const WELCOME_CREDIT_REFERENCE = "welcome";

export type TradeTypeName = keyof typeof TRADE_TYPES;
export type TradeType = (typeof TRADE_TYPES)[TradeTypeName];
