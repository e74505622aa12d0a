import { TRADE_TYPES } from "@nc/contracts/trade-types";

/**
 * The catalog key of each trade type's name (account:tradeTypes.<name>), by its stored number:
 * derived from TRADE_TYPES, whose service entries come from the service list, so a new service's
 * label is its name in the `account` catalogues and nothing here.
 */
export const TRADE_TYPE_LABEL_KEYS: Record<number, string> = Object.fromEntries(
  Object.entries(TRADE_TYPES).map(([name, number]) => [number, `account:tradeTypes.${name}`]),
);

export const TRADE_TYPE_NUMBERS = Object.values(TRADE_TYPES) as number[];

export const ACTOR_LABEL_KEYS: Record<string, string> = {
  user: "account:actorTypes.user",
  operator: "account:actorTypes.operator",
  system: "account:actorTypes.system",
  api_key: "account:actorTypes.api_key",
};
