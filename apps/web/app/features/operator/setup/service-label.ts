import { type ServiceCode, serviceOf } from "@nc/contracts/services";
import type { TFunction } from "i18next";

/** A service's name from the `services` catalogue, in the page's language. */
export function serviceLabel(t: TFunction, code: ServiceCode): string {
  const s = serviceOf(code);
  return t(`services:${s.code}.name`);
}
