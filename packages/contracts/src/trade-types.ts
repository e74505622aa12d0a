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

export type TradeTypeName = keyof typeof TRADE_TYPES;
export type TradeType = (typeof TRADE_TYPES)[TradeTypeName];
