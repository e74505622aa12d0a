import type { HlrResult, MnpResult } from "../../types";
import type { Signal } from "../signal";

/**
 * Enhanced: the number has moved operator — HLR ported true, or MNP "ported" / "assumed_ported".
 * Fresh ports are a step of SIM-swap and account-takeover fraud; no port date is available, so any
 * port counts. One signal even when both sources agree.
 */
export const PORTED_WEIGHT = 10;

export function portedSignals(
  hlr: HlrResult | null | undefined,
  mnp: MnpResult | null | undefined,
): Signal[] {
  const ported = hlr?.ported === true || mnp?.ported === "ported" || mnp?.ported === "assumed_ported";
  return ported ? [{ code: "ported", weight: PORTED_WEIGHT }] : [];
}
