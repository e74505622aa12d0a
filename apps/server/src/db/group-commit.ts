/**
 * Group commit: callers submit one item each and wait for its outcome; the items that arrive while
 * a batch is being written are written together as the next batch, in one transaction. An idle
 * server writes a lone item at once (no timer, no added latency); a busy one amortises each
 * transaction's round trips over every request that arrived meanwhile.
 *
 * The flush function answers every item in order: a value, or an Error for that item alone (a
 * refusal such as insufficient balance). If the flush itself throws, every item of the batch gets
 * that error and nothing of the batch was written (it is one transaction).
 */
export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
}

export function groupCommit<I, O>(
  flush: (items: I[]) => Promise<(O | Error)[]>,
  options: {
    maxBatch: number;
    /**
     * Start a batch only once the current turn of the event loop is over, so the items submitted
     * in one turn (the answers of many timers that fired together) go in one batch rather than the
     * first alone; no timer, so at most a turn's delay.
     */
    gather?: boolean;
  },
): GroupCommit<I, O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running: Promise<void> | null = null;
  let gathering = false;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await flush(batch.map((w) => w.item));
        batch.forEach((waiting, i) => {
          const outcome = outcomes[i];
          if (outcome instanceof Error) waiting.reject(outcome);
          else waiting.resolve(outcome as O);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
  }

  function start() {
    running = drain().finally(() => {
      running = null;
      // Items queued between the last loop check and here would otherwise wait for the next submit.
      if (queue.length > 0) start();
    });
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (running || gathering) return;
        if (!options.gather) return start();
        gathering = true;
        setImmediate(() => {
          gathering = false;
          if (!running) start();
        });
      });
    },
  };
}
