import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { decodeCursor, encodeCursor, keysetPage, optionalCursor } from "./cursor";

const ID = "0b7c6d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e";
const encode = (text: string) => Buffer.from(text).toString("base64url");

function rejection(text: string): unknown {
  try {
    decodeCursor(text);
  } catch (error) {
    return error;
  }
  return null;
}

describe("the one keyset cursor", () => {
  it("round-trips the exact UTC text the repositories write, and PostgreSQL's own JSON time", () => {
    for (const createdAt of [
      "2026-01-02T03:04:05.123456Z",
      "2026-01-02T03:04:05.12+00:00",
      "2026-01-02T03:04:05Z",
    ]) {
      expect(decodeCursor(encodeCursor({ createdAt, id: ID }))).toEqual({ createdAt, id: ID });
    }
  });

  it("answers every malformed cursor with the same field error (40001 on `cursor`)", () => {
    for (const text of [
      "garbage",
      encode("nope"),
      encode(`1|${ID}`), // Date.parse accepts "1"; PostgreSQL would not
      encode(`2026-01-02T03:04:05Z|not-a-uuid`),
      encode(`2026-13-45T03:04:05Z|${ID}`),
      encode(`2026-01-02T03:04:05Z|${ID}|extra`),
    ]) {
      const error = rejection(text);
      expect(error, text).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(40001);
      expect((error as AppError).data).toEqual({
        fields: [{ field: "cursor", reason: "invalid", params: {} }],
      });
    }
    expect(optionalCursor(undefined)).toBeUndefined();
    expect(optionalCursor("")).toBeUndefined();
  });

  it("pages limit + 1 rows: the extra row only says more follow, the cursor points after the last shown", () => {
    const rows = [1, 2, 3].map((n) => ({ created_at: `2026-01-0${n}T00:00:00.000000Z`, id: ID }));
    const page = keysetPage(rows, 2, (row) => row.created_at);
    expect(page.data).toEqual(["2026-01-01T00:00:00.000000Z", "2026-01-02T00:00:00.000000Z"]);
    expect(decodeCursor(page.nextCursor!)).toEqual({ createdAt: "2026-01-02T00:00:00.000000Z", id: ID });
    expect(keysetPage(rows, 3, (row) => row).nextCursor).toBeNull();
  });
});
