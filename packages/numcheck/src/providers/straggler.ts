/**
 * The calls of one pool that gave their slot back early (docs/providers.md, "Stragglers"): a call
 * still running `afterMs` after it started is a straggler; while fewer than `cap` stragglers are
 * out, it frees its slot for the next call and keeps running until it answers or its deadline
 * cuts it. One slow answer in a hundred then costs the others a second, not the deadline.
 * `afterMs` 0 turns it off.
 */
export class StragglerPool {
  #out = 0;

  constructor(
    readonly cap: number,
    readonly afterMs: number,
  ) {}

  /** Stragglers running now. */
  get out(): number {
    return this.#out;
  }

  /**
   * Runs `fn` holding the slot `release` gives back, and gives it back when `fn` ends or when
   * `fn` becomes a straggler, whichever comes first. `onStraggle` is told when it does.
   */
  async hold<T>(release: () => void, fn: () => Promise<T>, onStraggle?: () => void): Promise<T> {
    let straggling = false;
    const timer =
      this.afterMs > 0 && this.cap > 0
        ? setTimeout(() => {
            if (this.#out >= this.cap) return;
            this.#out++;
            straggling = true;
            release();
            onStraggle?.();
          }, this.afterMs)
        : undefined;
    timer?.unref?.();
    try {
      return await fn();
    } finally {
      clearTimeout(timer);
      if (straggling) this.#out--;
      else release();
    }
  }
}
