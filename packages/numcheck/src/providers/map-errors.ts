/**
 * Common GSM MAP error codes (3GPP TS 29.002, "MAP-Errors") as HLR look-ups report them. "permanent"
 * means the number itself is the problem (asking again later will not help); the others describe a
 * passing state of the subscriber or of the network.
 */
export interface MapError {
  code: number;
  name: string;
  permanent: boolean;
}

const TABLE: readonly MapError[] = [
  { code: 1, name: "unknownSubscriber", permanent: true },
  { code: 5, name: "unidentifiedSubscriber", permanent: false },
  { code: 6, name: "absentSubscriberSM", permanent: false },
  { code: 9, name: "illegalSubscriber", permanent: true },
  { code: 11, name: "teleserviceNotProvisioned", permanent: true },
  { code: 12, name: "illegalEquipment", permanent: true },
  { code: 13, name: "callBarred", permanent: false },
  { code: 21, name: "facilityNotSupported", permanent: false },
  { code: 27, name: "absentSubscriber", permanent: false },
  { code: 31, name: "subscriberBusyForMT-SMS", permanent: false },
  { code: 32, name: "smDeliveryFailure", permanent: false },
  { code: 33, name: "messageWaitingListFull", permanent: false },
  { code: 34, name: "systemFailure", permanent: false },
  { code: 35, name: "dataMissing", permanent: false },
  { code: 36, name: "unexpectedDataValue", permanent: false },
];

export const MAP_ERRORS: ReadonlyMap<number, MapError> = new Map(TABLE.map((e) => [e.code, e]));

/** The named error for a code; unknown codes get a generic name and are not permanent. */
export function mapError(code: number): MapError {
  return MAP_ERRORS.get(code) ?? { code, name: `mapError${code}`, permanent: false };
}

/** Codes that mean the subscriber exists but cannot be reached right now. */
export const ABSENT_CODES: ReadonlySet<number> = new Set([5, 6, 27, 31]);
/** Codes that mean the number is not (or not validly) allocated to a subscriber. */
export const INVALID_CODES: ReadonlySet<number> = new Set([1, 9, 12]);
