/**
 * The check services, each described once (docs/architecture.md, "One service descriptor"):
 * everything else — the check pipeline, chargeability, the sandbox rule, facets, default prices,
 * the web's picker and tables — reads it from here. A new service is a new entry, its provider
 * mapping and its translations (`services` catalogue: name and description). Codes are stable
 * API values.
 */
export interface ServiceDescriptor {
  code: string;
  /** Stable numeric id (docs/architecture.md, "One service descriptor"). */
  id: number;
  /** Trade type of its charges in the ledger. */
  tradeType: number;
  /** What it needs beyond the offline basic check: live look-ups and the fraud score. */
  needs: { readonly hlr: boolean; readonly mnp: boolean; readonly fraud: boolean };
  /**
   * Which numbers are charged: "valid" — every number basic validation does not refuse; "live" —
   * only numbers worth a live look-up (valid mobile ranges).
   */
  charges: "valid" | "live";
  /** Where its verdict (the "outcome" facet) comes from. */
  outcome: "validity" | "connectivity" | "porting" | "recommendation";
  /** Default standard prices in USD micros per number, one per volume band (0, 100k, 1M a month). */
  standardPricesMicros: readonly [number, number, number];
}

export const SERVICES = [
  {
    code: "basic",
    id: 1,
    tradeType: 5,
    needs: { hlr: false, mnp: false, fraud: false },
    charges: "valid",
    outcome: "validity",
    standardPricesMicros: [1_000, 800, 600],
  },
  {
    code: "hlr",
    id: 2,
    tradeType: 6,
    needs: { hlr: true, mnp: false, fraud: false },
    charges: "live",
    outcome: "connectivity",
    standardPricesMicros: [8_000, 6_500, 5_000],
  },
  {
    code: "mnp",
    id: 3,
    tradeType: 7,
    needs: { hlr: false, mnp: true, fraud: false },
    charges: "live",
    outcome: "porting",
    standardPricesMicros: [6_000, 5_000, 4_000],
  },
  {
    code: "fraud_shield",
    id: 4,
    tradeType: 8,
    needs: { hlr: false, mnp: false, fraud: true },
    charges: "valid",
    outcome: "recommendation",
    standardPricesMicros: [4_000, 3_200, 2_500],
  },
  {
    code: "fraud_shield_enhanced",
    id: 5,
    tradeType: 9,
    needs: { hlr: true, mnp: true, fraud: true },
    charges: "valid",
    outcome: "recommendation",
    standardPricesMicros: [10_000, 8_000, 6_500],
  },
] as const satisfies readonly ServiceDescriptor[];

export type ServiceCode = (typeof SERVICES)[number]["code"];

const BY_CODE = new Map<string, ServiceDescriptor>(SERVICES.map((s) => [s.code, s]));

/** The descriptor of a service code; throws for a code that is not one (a programming error). */
export function serviceOf(code: ServiceCode): ServiceDescriptor {
  return BY_CODE.get(code)!;
}

export function isServiceCode(value: string): value is ServiceCode {
  return BY_CODE.has(value);
}

/**
 * Whether the service asks a live provider (HLR or MNP look-up). Such services are answered by
 * the free sandbox when no provider is configured, and offer "ask the network again".
 */
export function needsLiveLookup(code: ServiceCode): boolean {
  const { needs } = serviceOf(code);
  return needs.hlr || needs.mnp;
}

/** Codes of the services that satisfy `test`, as a sentence for API descriptions ("`hlr` and `mnp`"). */
export function serviceCodesWhere(test: (s: ServiceDescriptor) => boolean): string {
  const codes = SERVICES.filter(test).map((s) => `\`${s.code}\``);
  return codes.length <= 1 ? codes.join("") : `${codes.slice(0, -1).join(", ")} and ${codes.at(-1)}`;
}
