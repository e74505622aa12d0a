import { AppError } from "../../core/app-error";

/**
 * How many uploads one process reads at once, in all and per organisation. Reading a file is
 * bounded in memory (docs/security.md) but not free: beyond these, an upload is refused at once
 * with uploadsBusy (429) instead of queueing work no one may be waiting for. The count is per
 * process; several processes each keep their own.
 */
export class UploadSlots {
  private inUse = 0;
  private readonly perTenant = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerTenant: number,
  ) {}

  /** Takes a slot for `tenantId` or throws uploadsBusy; the answer gives it back (once). */
  take(tenantId: string): () => void {
    const mine = this.perTenant.get(tenantId) ?? 0;
    if (this.inUse >= this.max || mine >= this.maxPerTenant)
      throw new AppError("uploadsBusy", null, {}, { "retry-after": "30" });
    this.inUse += 1;
    this.perTenant.set(tenantId, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.inUse -= 1;
      const left = (this.perTenant.get(tenantId) ?? 1) - 1;
      if (left === 0) this.perTenant.delete(tenantId);
      else this.perTenant.set(tenantId, left);
    };
  }

  /** Uploads being read now, for health detail and tests. */
  get active(): number {
    return this.inUse;
  }
}
