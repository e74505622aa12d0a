import { z } from "zod";
import { answeredBy, answerSource, kindWords, lookedUp, obtainedAt } from "../api-schema-parts";
import type { AnswerOrigin } from "../detection-single";
import { type KindColumns, text } from "./kind-columns";

/**
 * A caller-name (CNAM) look-up's answer, United States numbers only; each field null when the
 * provider did not say (docs/providers.md, "Caller name").
 */
export interface CallerNameView extends AnswerOrigin {
  name: string | null;
  type: "business" | "consumer" | null;
  firstName: string | null;
  lastName: string | null;
}

/** The answer in the public API's document (public-api.ts). */
export const schema = z
  .object({
    e164: lookedUp("+14155550100"),
    name: z
      .string()
      .nullable()
      .meta({
        description: kindWords.caller_name.name,
        examples: ["JANE SAMPLE"],
      }),
    type: z.enum(["business", "consumer"]).nullable().meta({ description: kindWords.caller_name.type }),
    firstName: z
      .string()
      .nullable()
      .meta({ description: kindWords.caller_name.firstName, examples: ["Jane"] }),
    lastName: z
      .string()
      .nullable()
      .meta({ description: kindWords.caller_name.lastName, examples: ["Sample"] }),
    source: answerSource(),
    provider: answeredBy,
    obtainedAt: obtainedAt(),
  })
  .meta({
    id: "CallerNameResult",
    description: kindWords.caller_name.description,
  });

/** Its columns in a results file (job-export.ts). */
export const columns: KindColumns<CallerNameView> = [
  ["callerName", (a) => text(a?.name)],
  ["callerType", (a) => text(a?.type)],
  ["callerNameSource", (a) => text(a?.source)],
];
