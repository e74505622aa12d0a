/** The five check services (DESIGN.md section 1); codes are stable API values. */
export const SERVICES = [
  { code: "basic", id: 1, tradeType: 5 },
  { code: "hlr", id: 2, tradeType: 6 },
  { code: "mnp", id: 3, tradeType: 7 },
  { code: "fraud_shield", id: 4, tradeType: 8 },
  { code: "fraud_shield_enhanced", id: 5, tradeType: 9 },
] as const;

export type ServiceCode = (typeof SERVICES)[number]["code"];
