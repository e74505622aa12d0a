import type { RuleObject } from "antd/es/form";
import type { TFunction } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { optionalRule, zodRule } from "./zod-rule";

/** A translator that shows the key and its values, so the reason the rule picked is visible. */
const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

const validate = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule as { validator: (rule: RuleObject, value: unknown) => Promise<void> }).validator({}, value);

describe("form rules from the server's schemas", () => {
  const schema = z.string().trim().min(3).max(5);

  it("passes a good value and refuses a bad one with the translated reason", async () => {
    await expect(validate(zodRule(schema, t), "abcd")).resolves.toBeUndefined();
    await expect(validate(zodRule(schema, t), "ab")).rejects.toThrow(/^validation:too_short/);
    // An empty field is checked as an empty text (what the server is sent), never as "undefined".
    await expect(validate(zodRule(schema, t), undefined)).rejects.toThrow(/^validation:too_short/);
  });

  it("loads a schema given by loader once it checks a value, and answers the same", async () => {
    const load = vi.fn(async () => schema);
    const rule = zodRule(load, t);
    expect(load).not.toHaveBeenCalled();
    await expect(validate(rule, "abcd")).resolves.toBeUndefined();
    await expect(validate(rule, "abcdefg")).rejects.toThrow(/^validation:too_long/);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("leaves an empty optional field alone, without loading its schema", async () => {
    const load = vi.fn(async () => schema);
    await expect(validate(optionalRule(load, t), "  ")).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    await expect(validate(optionalRule(load, t), "ab")).rejects.toThrow(/^validation:too_short/);
  });
});
