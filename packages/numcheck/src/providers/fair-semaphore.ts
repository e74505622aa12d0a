/**
 * A provider's concurrency shared fairly between organisations (docs/providers.md, "Concurrency").
 * It never holds a slot back: an organisation alone may use every slot (one bulk job reaches the
 * limit the operator set). While calls wait, each freed slot goes to the waiting organisation with
 * the fewest calls in flight (among equals, the one whose call has waited longest), so another
 * organisation's single check takes the very next free slot, ahead of a bulk job's queue, and
 * organisations that keep the provider busy together end up with equal shares of it.
 */
export class FairSemaphore {
  #active = 0;
  #waiting = 0;
  /** Ticket of the next waiting call: the order calls arrived in. */
  #ticket = 0;
  /** Per organisation with calls in flight or waiting; dropped when it has neither. */
  readonly #keys = new Map<string, { active: number; queue: { ticket: number; grant: () => void }[] }>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError("semaphore size must be a positive integer");
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** Calls of one organisation in flight now. */
  activeOf(key: string): number {
    return this.#keys.get(key)?.active ?? 0;
  }

  /** Waits for a slot for `key`; resolves to the function that gives it back (call it exactly once). */
  acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const entry = this.#entry(key);
    if (this.#active < this.max && this.#waiting === 0) {
      this.#take(entry);
      return Promise.resolve(this.#releaser(key));
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        ticket: this.#ticket++,
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(this.#releaser(key));
        },
      };
      const onAbort = () => {
        const at = entry.queue.indexOf(waiter);
        if (at >= 0) {
          entry.queue.splice(at, 1);
          this.#waiting--;
          this.#forget(key);
        }
        reject(signal?.reason);
      };
      entry.queue.push(waiter);
      this.#waiting++;
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  async run<T>(key: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(key, signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  #entry(key: string) {
    let entry = this.#keys.get(key);
    if (!entry) {
      entry = { active: 0, queue: [] };
      this.#keys.set(key, entry);
    }
    return entry;
  }

  #take(entry: { active: number }) {
    entry.active++;
    this.#active++;
  }

  #forget(key: string) {
    const entry = this.#keys.get(key);
    if (entry && entry.active === 0 && entry.queue.length === 0) this.#keys.delete(key);
  }

  #releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const entry = this.#keys.get(key)!;
      entry.active--;
      this.#active--;
      this.#forget(key);
      this.#grantNext();
    };
  }

  /** Gives a free slot to the waiting organisation with the fewest calls in flight. */
  #grantNext() {
    if (this.#waiting === 0 || this.#active >= this.max) return;
    let best: { active: number; queue: { ticket: number; grant: () => void }[] } | undefined;
    for (const entry of this.#keys.values()) {
      const head = entry.queue[0];
      if (!head) continue;
      if (
        !best ||
        entry.active < best.active ||
        (entry.active === best.active && head.ticket < best.queue[0]!.ticket)
      )
        best = entry;
    }
    if (!best) return;
    const waiter = best.queue.shift()!;
    this.#waiting--;
    this.#take(best);
    waiter.grant();
  }
}
