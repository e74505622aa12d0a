import { SERVICES } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";

/**
 * The catalog key of each trade type's label, by its stored number: a service's checks are labelled
 * with the service's own name in the services catalogue, so a new service needs no label of its
 * own; the ledger's other trade types with theirs under tradeTypes in the account catalogue.
 */
export const TRADE_TYPE_LABEL_KEYS: Record<number, string> = Object.fromEntries(
  Object.entries(TRADE_TYPES).map(([name, number]) => {
    const service = SERVICES.find((s) => s.tradeType === number);
    return [number, service ? `services:${service.code}.name` : `account:tradeTypes.${name}`];
  }),
);

export const TRADE_TYPE_NUMBERS = Object.values(TRADE_TYPES) as number[];

export const ACTOR_LABEL_KEYS: Record<string, string> = {
  user: "account:actorTypes.user",
  operator: "account:actorTypes.operator",
  system: "account:actorTypes.system",
  api_key: "account:actorTypes.api_key",
};
