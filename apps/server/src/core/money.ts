/** An amount in a message, written in the reader's language when the message is (see i18n/translate). */
export interface MoneyParam {
  micros: string;
  currency: string;
}

export const moneyParam = (micros: bigint, currency: string): MoneyParam => ({
  micros: micros.toString(),
  currency,
});

export const isMoneyParam = (value: unknown): value is MoneyParam =>
  typeof value === "object" && value !== null && "micros" in value && "currency" in value;
