import { LookupError } from "../types";

/**
 * Runs `fn` with a signal that aborts after `ms` (or when `outer` aborts). Rejects with a retryable
 * LookupError "timeout" when the time is up, even if `fn` ignores its signal; rejects with the
 * outer signal's reason when the caller gave up.
 */
export function withTimeout<T>(
  fn: (signal: AbortSignal) => Promise<T>,
  ms: number,
  outer?: AbortSignal,
): Promise<T> {
  if (outer?.aborted) return Promise.reject(outer.reason);
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    };
    const onOuterAbort = () => {
      finish();
      controller.abort(outer?.reason);
      reject(outer?.reason);
    };
    const timer = setTimeout(() => {
      finish();
      const error = new LookupError(`no answer within ${ms} ms`, "timeout", true);
      controller.abort(error);
      reject(error);
    }, ms);
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    let pending: Promise<T>;
    try {
      pending = fn(controller.signal);
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => {
        finish();
        resolve(value);
      },
      (error: unknown) => {
        finish();
        // When we aborted, the promise already settled with the timeout; this is a no-op then.
        reject(error);
      },
    );
  });
}
