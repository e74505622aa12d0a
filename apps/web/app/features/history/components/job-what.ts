import type { TFunction } from "i18next";

/**
 * What was checked, in a few words: the number of a day's single checks when there was one, "37
 * single checks" when there were more, the file's name, or "List of 250 numbers". One single check
 * without its number at hand (the job page) says "1 number".
 */
export function jobWhat(
  t: TFunction,
  job: { kind: string; fileName: string | null; total: number; number?: string | null },
  locale: string,
) {
  if (job.kind === "single")
    return job.total > 1
      ? t("history:what.singles", { count: job.total, n: job.total.toLocaleString(locale) })
      : (job.number ?? t("history:what.single"));
  if (job.fileName) return job.fileName;
  return t("history:what.list", { total: job.total.toLocaleString(locale) });
}
