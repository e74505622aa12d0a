import type { MoneySummaryDay } from "@nc/contracts/operator";

/** One day and currency of the operator's money summary: nothing moved unless given. */
export const summaryDay = (over: Partial<MoneySummaryDay>): MoneySummaryDay => ({
  day: "2026-11-01",
  currency: "USD",
  recharges: "0",
  spend: {},
  refunds: "0",
  welcome: "0",
  added: "0",
  subtracted: "0",
  ...over,
});
