import { describe, expect, it } from "vitest";
import { messagesOf } from "./locale-data";

describe("the catalogue in the locale layout's data", () => {
  it("reads the catalogue's text once, however many parts of the page ask", () => {
    const catalogue = JSON.stringify({ common: { save: "Save" }, auth: { login: { title: "Sign in" } } });
    const first = messagesOf({ locale: "en", catalogue });
    expect(first).toEqual({ common: { save: "Save" }, auth: { login: { title: "Sign in" } } });
    // An equal text decoded again from a later navigation's data: the same object.
    expect(messagesOf({ catalogue: `${catalogue} `.trimEnd() })).toBe(first);
  });

  it("has no catalogue without the layout's data", () => {
    expect(messagesOf(undefined)).toBeUndefined();
    expect(messagesOf(null)).toBeUndefined();
    expect(messagesOf({ locale: "en" })).toBeUndefined();
  });
});
