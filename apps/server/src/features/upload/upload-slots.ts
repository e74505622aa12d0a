import { AppError } from "../../core/app-error";

export interface SlotLimits {
  /** Uploads the process reads at once. */
  max: number;
  /** ... of one organisation. */
  perTenant: number;
  /** ... of one person (the signed-in user, or the person who made the API key), any organisation. */
  perUser: number;
}

/** What a refused caller is told to wait (Retry-After): most uploads are read well within it. */
const RETRY_AFTER_SECONDS = 30;

/**
 * How many uploads one process reads at once: in all, per organisation and per person. Reading a
 * file is bounded in memory and time (docs/security.md, "Uploads") but not free: beyond these, an
 * upload is refused at once with uploadsBusy (429, Retry-After) instead of queueing work no one
 * may be waiting for. The per-person count is what keeps one person who belongs to several
 * organisations from taking every slot of the process. The counts are per process; several
 * processes each keep their own.
 */
export class UploadSlots {
  private inUse = 0;
  private readonly perTenant = new Map<string, number>();
  private readonly perUser = new Map<string, number>();

  constructor(private readonly limits: SlotLimits) {}

  /** Takes a slot for `tenantId` (and `userId`) or throws uploadsBusy; the answer gives it back (once). */
  take(tenantId: string, userId: string | null = null): () => void {
    const scope =
      this.inUse >= this.limits.max
        ? "process"
        : (this.perTenant.get(tenantId) ?? 0) >= this.limits.perTenant
          ? "organisation"
          : userId !== null && (this.perUser.get(userId) ?? 0) >= this.limits.perUser
            ? "user"
            : null;
    if (scope) {
      throw new AppError(
        "uploadsBusy",
        { scope, retryAfter: RETRY_AFTER_SECONDS },
        {},
        { "retry-after": String(RETRY_AFTER_SECONDS) },
      );
    }
    this.inUse += 1;
    add(this.perTenant, tenantId, 1);
    if (userId !== null) add(this.perUser, userId, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.inUse -= 1;
      add(this.perTenant, tenantId, -1);
      if (userId !== null) add(this.perUser, userId, -1);
    };
  }

  /** Uploads being read now, for health detail and tests. */
  get active(): number {
    return this.inUse;
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
