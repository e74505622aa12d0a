import type { JobView } from "@nc/contracts/jobs";
import type { TFunction } from "i18next";
import { chargeableOf } from "./chargeable";
import { durationText } from "./duration-text";

/**
 * A job's progress line: how many of how many, and while it runs the rate the API reports and
 * the time left ("731 of 1,000 numbers processed · 12.5 numbers a second · about 22 seconds left").
 */
export function progressText(
  t: TFunction,
  job: Pick<JobView, "done" | "failed" | "total" | "duplicates" | "invalid" | "rate" | "timeLeft">,
  locale: string,
  open: boolean,
): string {
  const n = (value: number) => value.toLocaleString(locale);
  const parts = [t("history:job.progress", { done: n(job.done + job.failed), of: n(chargeableOf(job)) })];
  if (open && job.rate > 0)
    parts.push(
      t("history:job.rate", {
        rate: job.rate.toLocaleString(locale, { maximumFractionDigits: job.rate < 10 ? 1 : 0 }),
      }),
    );
  if (open && job.timeLeft !== null && job.timeLeft > 0)
    parts.push(t("history:job.timeLeft", { time: durationText(job.timeLeft, locale) }));
  return parts.join(" · ");
}

/** An ended job's outcome in a history row: "15 done, 2 failed", or "15 done" when none failed. */
export function outcomeText(t: TFunction, job: Pick<JobView, "done" | "failed">, locale: string): string {
  const done = job.done.toLocaleString(locale);
  return job.failed > 0
    ? t("history:list.doneFailed", { done, failed: job.failed.toLocaleString(locale) })
    : t("history:list.done", { done });
}
