import { isServiceCode, type ServiceCode, serviceOf } from "@nc/contracts/services";
import type { TFunction } from "i18next";

/** A service's name from the `services` catalogue, in the page's language. */
export function serviceLabel(t: TFunction, code: ServiceCode): string {
  const s = serviceOf(code);
  return t(`services:${s.code}.name`);
}

/**
 * The name of a service the ledger names: a known service from the catalogue, "other" for what
 * names none, anything else as its code.
 */
export function spendServiceLabel(t: TFunction, code: string): string {
  if (code === "other") return t("operatorPeople:summary.otherService");
  return isServiceCode(code) ? serviceLabel(t, code) : code;
}
