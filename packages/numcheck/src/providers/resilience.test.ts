import { describe, expect, it, vi } from "vitest";
import { LookupError, providerFrom } from "../types";
import { CircuitBreaker } from "./circuit-breaker";
import { resilient } from "./resilient";
import { backoffDelay, retry } from "./retry";
import { SandboxProvider } from "./sandbox";
import { Semaphore } from "./semaphore";
import { withTimeout } from "./with-timeout";

const upstreamDown = () => new LookupError("down", "upstream", true);

describe("semaphore", () => {
  it("never runs more than its size at once, and runs everything", async () => {
    const semaphore = new Semaphore(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        semaphore.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 2));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(semaphore.active).toBe(0);
  });

  it("frees the slot when the task throws; a waiter can give up", async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    expect(semaphore.waiting).toBe(1);
    controller.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    expect(semaphore.waiting).toBe(0);
    release();
    expect(semaphore.active).toBe(0);
  });
});

describe("withTimeout", () => {
  it("rejects with a retryable timeout and aborts the call's signal", async () => {
    let seen: AbortSignal | undefined;
    const error = await withTimeout((signal) => {
      seen = signal;
      return new Promise(() => {});
    }, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupError);
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(seen?.aborted).toBe(true);
  });

  it("passes the answer through, and the caller's abort reason", async () => {
    expect(await withTimeout(async () => 42, 1000)).toBe(42);
    const controller = new AbortController();
    const pending = withTimeout(() => new Promise(() => {}), 1000, controller.signal);
    controller.abort(new Error("caller left"));
    await expect(pending).rejects.toThrow("caller left");
  });
});

describe("retry", () => {
  it("backs off exponentially with jitter, capped", () => {
    const opts = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, opts))).toEqual([50, 100, 200, 400, 500]);
    expect(backoffDelay(3, { ...opts, random: () => 0.999 })).toBe(400);
    expect(backoffDelay(1, opts, { retryAfterMs: 5000 })).toBe(1000);
  });

  it("retries retryable errors until success", async () => {
    const fn = vi.fn(async (attempt: number) => {
      if (attempt < 3) throw upstreamDown();
      return "ok";
    });
    expect(await retry(fn, { retries: 2, baseDelayMs: 1 })).toBe("ok");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("gives up after the retries with the last error; never retries the others", async () => {
    const always = vi.fn(async () => Promise.reject(upstreamDown()));
    await expect(retry(always, { retries: 2, baseDelayMs: 1 })).rejects.toMatchObject({ kind: "upstream" });
    expect(always).toHaveBeenCalledTimes(3);
    for (const error of [
      new LookupError("bad number", "rejected", false),
      new LookupError("open", "circuit_open", true),
      new TypeError("bug"),
    ]) {
      const fn = vi.fn(async () => Promise.reject(error));
      await expect(retry(fn, { retries: 3, baseDelayMs: 1 })).rejects.toBe(error);
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });
});

describe("circuit breaker", () => {
  it("opens after N consecutive failures, refuses fast, half-opens after the cool-down, closes on success", async () => {
    let now = 1_000;
    const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 500, now: () => now });
    const failing = vi.fn(async () => Promise.reject(upstreamDown()));
    for (let i = 0; i < 3; i++)
      await expect(breaker.run(failing)).rejects.toMatchObject({ kind: "upstream" });
    expect(breaker.state).toBe("open");

    const refused = await breaker.run(failing).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LookupError);
    expect(refused).toMatchObject({ kind: "circuit_open" });
    expect(failing).toHaveBeenCalledTimes(3);

    now += 500;
    expect(breaker.state).toBe("half_open");
    // One trial at a time: a second call during the trial is refused.
    let finishTrial: (v: string) => void = () => {};
    const trial = breaker.run(() => new Promise<string>((r) => (finishTrial = r)));
    await expect(breaker.run(async () => "other")).rejects.toMatchObject({ kind: "circuit_open" });
    finishTrial("ok");
    expect(await trial).toBe("ok");
    expect(breaker.state).toBe("closed");
    expect(await breaker.run(async () => "fine")).toBe("fine");
  });

  it("a failed trial opens it again for another cool-down; answers like 'rejected' do not count", async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 2, cooldownMs: 100, now: () => now });
    const rejected = async () => Promise.reject(new LookupError("bad number", "rejected", false));
    for (let i = 0; i < 5; i++)
      await expect(breaker.run(rejected)).rejects.toMatchObject({ kind: "rejected" });
    expect(breaker.state).toBe("closed");
    const failing = async () => Promise.reject(upstreamDown());
    await expect(breaker.run(failing)).rejects.toThrow();
    await expect(breaker.run(async () => 1)).resolves.toBe(1); // success resets the count
    await expect(breaker.run(failing)).rejects.toThrow();
    await expect(breaker.run(failing)).rejects.toThrow();
    expect(breaker.state).toBe("open");
    now = 100;
    await expect(breaker.run(failing)).rejects.toMatchObject({ kind: "upstream" });
    expect(breaker.state).toBe("open");
    now = 150;
    await expect(breaker.run(async () => 1)).rejects.toMatchObject({ kind: "circuit_open" });
    now = 200;
    await expect(breaker.run(async () => 1)).resolves.toBe(1);
    expect(breaker.state).toBe("closed");
  });
});

describe("resilient(sandbox)", () => {
  it("times out a hanging call per attempt, retries it, then reports the timeout", async () => {
    const provider = resilient(new SandboxProvider({ timeoutDelayMs: 60_000 }), {
      timeoutMs: 15,
      retry: { retries: 1, baseDelayMs: 1 },
    });
    const started = Date.now();
    await expect(provider.lookup("hlr", "+447700900007")).rejects.toMatchObject({
      kind: "timeout",
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(provider.breaker.consecutiveFailures).toBe(2);
  });

  it("opens the breaker on repeated upstream errors and then refuses without calling", async () => {
    const sandbox = new SandboxProvider();
    const spy = vi.spyOn(sandbox, "lookup");
    const provider = resilient(sandbox, {
      retry: { retries: 0 },
      breaker: { failureThreshold: 2, cooldownMs: 60_000 },
    });
    await expect(provider.lookup("hlr", "+12025550106")).rejects.toMatchObject({ kind: "upstream" });
    await expect(provider.lookup("hlr", "+12025550106")).rejects.toMatchObject({ kind: "upstream" });
    await expect(provider.lookup("hlr", "+12025550100")).rejects.toMatchObject({ kind: "circuit_open" });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("bounds concurrency across HLR and MNP", async () => {
    const sandbox = new SandboxProvider({ latencyMs: 5 });
    let running = 0;
    let peak = 0;
    const counting =
      <T>(call: () => Promise<T>) =>
      async () => {
        running++;
        peak = Math.max(peak, running);
        try {
          return await call();
        } finally {
          running--;
        }
      };
    const provider = resilient(
      providerFrom(
        { name: "counting", sandbox: true, answers: ["hlr", "mnp"] },
        {
          hlr: (e164, o) => counting(() => sandbox.lookup("hlr", e164, o))(),
          mnp: (e164, o) => counting(() => sandbox.lookup("mnp", e164, o))(),
        },
      ),
      { concurrency: 2 },
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? provider.lookup("hlr", `+4477009000${i}0`) : provider.lookup("mnp", `+4477009000${i}0`),
      ),
    );
    expect(answers).toHaveLength(10);
    expect(peak).toBe(2);
    expect(provider.semaphore.active).toBe(0);
  });
});
