import { describe, expect, it } from "vitest";
import { FairSemaphore } from "./fair-semaphore";

/** Acquires for `key` and records the order in which slots are granted. */
function taker(semaphore: FairSemaphore, granted: string[]) {
  return (key: string, signal?: AbortSignal) =>
    semaphore.acquire(key, signal).then((release) => {
      granted.push(key);
      return release;
    });
}

const settle = () => new Promise((r) => setImmediate(r));

describe("fair semaphore", () => {
  it("lets one organisation alone take every slot", async () => {
    const semaphore = new FairSemaphore(3);
    const granted: string[] = [];
    const take = taker(semaphore, granted);
    const releases = await Promise.all([take("a"), take("a"), take("a")]);
    void take("a");
    await settle();
    expect({ active: semaphore.active, waiting: semaphore.waiting, a: semaphore.activeOf("a") }).toEqual({
      active: 3,
      waiting: 1,
      a: 3,
    });
    releases[0]!();
    await settle();
    expect(granted).toEqual(["a", "a", "a", "a"]);
  });

  it("gives a freed slot to the waiting organisation with the fewest calls in flight, ahead of older waiters", async () => {
    const semaphore = new FairSemaphore(2);
    const granted: string[] = [];
    const take = taker(semaphore, granted);
    const held = await Promise.all([take("a"), take("a")]);
    const [nextA] = [take("a"), take("a"), take("b")];
    await settle();
    held[0]!();
    await settle();
    // b came last but holds nothing: it goes first.
    expect(granted.slice(2)).toEqual(["b"]);
    held[1]!();
    await settle();
    // Now a holds nothing and b one: a's oldest waiter.
    expect(granted.slice(2)).toEqual(["b", "a"]);
    (await nextA!)();
    await settle();
    expect(granted.slice(2)).toEqual(["b", "a", "a"]);
  });

  it("busy organisations end up with equal shares", async () => {
    const semaphore = new FairSemaphore(6);
    const granted: string[] = [];
    const take = taker(semaphore, granted);
    const holding = new Map<string, Array<() => void>>([
      ["a", []],
      ["b", []],
      ["c", []],
    ]);
    const hold = (key: string) => take(key).then((release) => holding.get(key)!.push(release));
    // a fills the provider; b and c queue many calls each.
    await Promise.all(Array.from({ length: 6 }, () => hold("a")));
    for (let i = 0; i < 10; i++) void hold("b");
    for (let i = 0; i < 10; i++) void hold("c");
    // a's calls finish one by one; each freed slot goes to whoever holds the fewest.
    for (let i = 0; i < 4; i++) {
      holding.get("a")!.shift()!();
      await settle();
    }
    expect(["a", "b", "c"].map((k) => semaphore.activeOf(k))).toEqual([2, 2, 2]);
    expect(semaphore.waiting).toBe(16);
  });

  it("a waiter that gives up leaves the queue", async () => {
    const semaphore = new FairSemaphore(1);
    const release = await semaphore.acquire("a");
    const controller = new AbortController();
    const gaveUp = semaphore.acquire("b", controller.signal);
    controller.abort(new Error("gave up"));
    await expect(gaveUp).rejects.toThrow("gave up");
    expect(semaphore.waiting).toBe(0);
    release();
    expect(semaphore.active).toBe(0);
    await expect(semaphore.run("c", async () => semaphore.activeOf("c"))).resolves.toBe(1);
  });
});
