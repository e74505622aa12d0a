import type { TFunction } from "i18next";

/** What was checked, in a few words: "1 number", the file's name, or "List of 250 numbers". */
export function jobWhat(
  t: TFunction,
  job: { kind: string; fileName: string | null; total: number },
  locale: string,
) {
  if (job.kind === "single") return t("history:what.single");
  if (job.fileName) return job.fileName;
  return t("history:what.list", { total: job.total.toLocaleString(locale) });
}
