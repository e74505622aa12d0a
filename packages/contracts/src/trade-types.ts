/** Trade types of the ledger (docs/architecture.md, "Organisations and access"); the numbers are stored and must never change. */
export const TRADE_TYPES = {
  checkNumberApi: 1,
  add: 2,
  sub: 3,
  recharge: 4,
  checkBasic: 5,
  checkHlr: 6,
  checkMnp: 7,
  checkFraudShield: 8,
  checkFraudShieldEnhanced: 9,
  refund: 10,
  dataWebDetection: 11,
  dataApiDetection: 12,
} as const;

/**
 * The ledger reference type of a welcome credit (WELCOME_CREDIT): trade type 2 like an operator's
 * addition, told apart by this reference (the console's money summary shows it on its own line).
 */
export const WELCOME_CREDIT_REFERENCE = "welcome";

export type TradeTypeName = keyof typeof TRADE_TYPES;
export type TradeType = (typeof TRADE_TYPES)[TradeTypeName];
