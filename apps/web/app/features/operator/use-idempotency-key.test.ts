import { idempotencyKeySchema } from "@nc/contracts/operator";
import { describe, expect, it } from "vitest";
import { keyHolder } from "./use-idempotency-key";

describe("idempotency key of an opened form", () => {
  it("stays the same across submits until renewed", () => {
    let n = 0;
    const holder = keyHolder(() => `key-${++n}-abcdef`);
    const first = holder.current();
    expect(holder.current()).toBe(first);
    expect(holder.current()).toBe(first);
    const next = holder.renew();
    expect(next).not.toBe(first);
    expect(holder.current()).toBe(next);
  });

  it("two forms get two keys, each one the server accepts", () => {
    const a = keyHolder().current();
    const b = keyHolder().current();
    expect(a).not.toBe(b);
    expect(idempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(idempotencyKeySchema.safeParse(b).success).toBe(true);
  });
});
