/**
 * The numbers a job set out to check: its rows less duplicates and invalid ones. Never fewer than
 * it did check: a single check of an invalid number is answered (and counted done) although it
 * was never chargeable, and "1 / 0" would read as an error.
 */
export function chargeableOf(job: {
  total: number;
  duplicates: number;
  invalid: number;
  done: number;
}): number {
  return Math.max(job.total - job.duplicates - job.invalid, job.done, 0);
}
