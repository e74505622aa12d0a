import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "./json-body";
import { malformedTextPath } from "./well-formed-text";

/** The nesting of a parsed value, as the scanner must find it in the value's text. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Arrays and objects nested `depth` levels around `leaf`, chosen level by level. */
const deepValue = fc
  .tuple(
    fc.array(fc.boolean(), { minLength: 1, maxLength: 3_000, size: "max" }),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .map(([levels, leaf]) =>
    levels.reduce<unknown>((inner, asArray, i) => (asArray ? [inner, i] : { [`k${i}`]: inner, n: i }), leaf),
  );

/** Strings full of the characters that would fool a careless scanner. */
const trickyText = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "\u00e9") });

describe("jsonNestsDeeperThan", () => {
  it("finds exactly the nesting of any JSON value, brackets and escapes in strings included", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 8 }), fc.dictionary(trickyText, trickyText)), (value) => {
        const text = JSON.stringify(value);
        const depth = depthOf(value);
        expect(jsonNestsDeeperThan(text, depth)).toBe(false);
        if (depth > 0) expect(jsonNestsDeeperThan(text, depth - 1)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("a JSON body through the depth bound and the well-formed-text walk", () => {
  it("judges random deep and wide bodies within a time and memory budget each", () => {
    const wide = fc
      .array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 4_000, size: "max" })
      .map((items) => ({ numbers: items }));
    fc.assert(
      fc.property(fc.oneof(deepValue, wide), (value) => {
        const text = JSON.stringify(value);
        const heapBefore = process.memoryUsage().heapUsed;
        const started = performance.now();
        if (!jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) malformedTextPath(JSON.parse(text));
        expect(performance.now() - started).toBeLessThan(250);
        // Generous: a collection may run in between; a quadratic walk grows by gigabytes.
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024 + text.length * 16);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("names the field at fault deep inside a body in linear time", () => {
    let body: unknown = "bad\u0000";
    for (let i = 0; i < 200_000; i++) body = { a: body };
    const started = performance.now();
    const path = malformedTextPath(body);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(path).toHaveLength(200_000);
    expect(path?.every((key) => key === "a")).toBe(true);
  });
});
