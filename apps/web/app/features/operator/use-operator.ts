import type { OperatorMe, OperatorPermission } from "@nc/contracts/operator";
import { useLocale } from "../../shell/i18n/use-locale";
import { useOperatorMe } from "./api/operator-me";

/**
 * The operator the console works for and a check of their rights (the server enforces them).
 * `known`: the layout's loader's answer, which seeds the one query every console page reads.
 */
export function useOperator(known?: OperatorMe) {
  const me = useOperatorMe(true, known);
  const rights: readonly string[] = me.data?.permissions ?? [];
  return { me, has: (right: OperatorPermission) => rights.includes(right) };
}

/**
 * Instants across organisations of every time zone: one clock for all, UTC, named on screen, in
 * the page's language.
 */
export function useOperatorDate(): (iso: string) => string {
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (iso) => `${format.format(new Date(iso))} UTC`;
}
