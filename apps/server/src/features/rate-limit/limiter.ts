import type { ErrorKey } from "@nc/contracts/errors";
import { AppError } from "../../core/app-error";
import type { RateLimit } from "../../core/request-context";
import type { RateStore } from "./rate-store";

export interface Limit extends RateLimit {
  /** The 429 answered when the limit is exceeded; rateLimited unless the caller can be told more. */
  error?: ErrorKey;
}

/** Counts a hit on every limit and refuses with 429 and Retry-After when any is exceeded. */
export async function enforceLimits(store: RateStore, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const hit = await store.hit(limit.key, limit.windowMs);
    if (hit.count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000));
      throw new AppError(
        limit.error ?? "rateLimited",
        { retryAfter },
        { seconds: retryAfter },
        { "Retry-After": String(retryAfter) },
      );
    }
  }
}
