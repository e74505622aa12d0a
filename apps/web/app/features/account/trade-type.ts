import { TRADE_TYPES } from "@nc/contracts/trade-types";

/** The catalog key of each trade type's name (account:tradeTypes.*), by its stored number. */
export const TRADE_TYPE_LABEL_KEYS: Record<number, string> = {
  [TRADE_TYPES.checkNumberApi]: "account:tradeTypes.checkNumberApi",
  [TRADE_TYPES.add]: "account:tradeTypes.add",
  [TRADE_TYPES.sub]: "account:tradeTypes.sub",
  [TRADE_TYPES.recharge]: "account:tradeTypes.recharge",
  [TRADE_TYPES.checkBasic]: "account:tradeTypes.checkBasic",
  [TRADE_TYPES.checkHlr]: "account:tradeTypes.checkHlr",
  [TRADE_TYPES.checkMnp]: "account:tradeTypes.checkMnp",
  [TRADE_TYPES.checkFraudShield]: "account:tradeTypes.checkFraudShield",
  [TRADE_TYPES.checkFraudShieldEnhanced]: "account:tradeTypes.checkFraudShieldEnhanced",
  [TRADE_TYPES.refund]: "account:tradeTypes.refund",
  [TRADE_TYPES.dataWebDetection]: "account:tradeTypes.dataWebDetection",
  [TRADE_TYPES.dataApiDetection]: "account:tradeTypes.dataApiDetection",
};

export const TRADE_TYPE_NUMBERS = Object.values(TRADE_TYPES) as number[];

export const ACTOR_LABEL_KEYS: Record<string, string> = {
  user: "account:actorTypes.user",
  operator: "account:actorTypes.operator",
  system: "account:actorTypes.system",
  api_key: "account:actorTypes.api_key",
};
