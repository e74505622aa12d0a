import { fieldIssue } from "@nc/contracts/validation";
import type { FormRule } from "antd";
import type { TFunction } from "i18next";
import type { z } from "zod";

/** Throws the translated reason the server would give when the value does not pass the schema. */
function check(schema: z.ZodType, t: TFunction, value: unknown) {
  const result = schema.safeParse(value ?? "");
  if (result.success) return;
  const issue = fieldIssue({
    ...result.error.issues[0]!,
    input: value === "" ? undefined : value,
  } as never);
  throw new Error(t(`validation:${issue.reason}`, issue.params));
}

/** An antd form rule from the same schema the server checks, with the same translated reasons. */
export function zodRule(schema: z.ZodType, t: TFunction): FormRule {
  return { validator: async (_rule, value) => check(schema, t, value) };
}

/** The same for an optional field: left empty it is fine, filled in it must pass the schema. */
export function optionalRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      if (value === undefined || value === null || String(value).trim() === "") return;
      check(schema, t, value);
    },
  };
}
