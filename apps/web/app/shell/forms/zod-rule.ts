import { fieldIssue } from "@nc/contracts/validation";
import type { FormRule } from "antd";
import type { TFunction } from "i18next";
import type { z } from "zod";

/** An antd form rule from the same schema the server checks, with the same translated reasons. */
export function zodRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? "");
      if (result.success) return;
      const issue = fieldIssue({
        ...result.error.issues[0]!,
        input: value === "" ? undefined : value,
      } as never);
      throw new Error(t(`validation:${issue.reason}`, issue.params));
    },
  };
}
