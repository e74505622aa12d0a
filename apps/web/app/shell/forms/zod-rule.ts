import { fieldIssue } from "@nc/contracts/validation";
import type { FormRule } from "antd";
import type { TFunction } from "i18next";
import type { z } from "zod";

/**
 * A schema, or a function that loads one. A page whose first load should not bring zod (about
 * 100 KB of script to compile and run, docs/performance.md "Lighthouse") names its schemas by
 * loader: the module is fetched when a field is first checked, and once.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/** Throws the translated reason the server would give when the value does not pass the schema. */
async function check(source: SchemaSource, t: TFunction, value: unknown) {
  const schema = typeof source === "function" ? await source() : source;
  const result = schema.safeParse(value ?? "");
  if (result.success) return;
  const issue = fieldIssue({
    ...result.error.issues[0]!,
    input: value === "" ? undefined : value,
  } as never);
  throw new Error(t(`validation:${issue.reason}`, issue.params));
}

/** An antd form rule from the same schema the server checks, with the same translated reasons. */
export function zodRule(schema: SchemaSource, t: TFunction): FormRule {
  return { validator: async (_rule, value) => check(schema, t, value) };
}

/** The same for an optional field: left empty it is fine, filled in it must pass the schema. */
export function optionalRule(schema: SchemaSource, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || String(value).trim() === "") return;
      await check(schema, t, value);
    },
  };
}
