import { z } from "zod";
import { answeredBy, answerSource, kindWords, lookedUp, network, obtainedAt } from "../api-schema-parts";
import type { AnswerOrigin, NetworkView } from "../detection-single";
import { type KindColumns, text, tri } from "./kind-columns";

/**
 * A SIM-swap look-up's answer, as the provider said it: swapped or not in the period it checked
 * (`withinHours`), the last change's date when given; `swapped` and `lastSwapAt` null when it
 * could not tell.
 */
export interface SimSwapView extends AnswerOrigin {
  swapped: boolean | null;
  lastSwapAt: string | null;
  withinHours: number | null;
  carrier: NetworkView | null;
}

/** The answer in the public API's document (public-api.ts). */
export const schema = z
  .object({
    e164: lookedUp("+447772000001"),
    swapped: z.boolean().nullable().meta({
      description: kindWords.sim_swap.swapped,
    }),
    lastSwapAt: z
      .string()
      .meta({ format: "date-time" })
      .nullable()
      .meta({
        description: kindWords.sim_swap.lastSwapAt,
        examples: ["2020-04-27T10:18:50.000Z"],
      }),
    withinHours: z
      .number()
      .nullable()
      .meta({ description: kindWords.sim_swap.withinHours, examples: [48] }),
    carrier: network.nullable().meta({ description: kindWords.sim_swap.carrier }),
    source: answerSource(),
    provider: answeredBy,
    obtainedAt: obtainedAt(),
  })
  .meta({ id: "SimSwapResult", description: kindWords.sim_swap.description });

/** Its columns in a results file (job-export.ts). */
export const columns: KindColumns<SimSwapView> = [
  ["simSwapped", (a) => tri(a !== null, a?.swapped)],
  ["lastSimSwap", (a) => text(a?.lastSwapAt)],
  ["simSwapPeriodHours", (a) => text(a?.withinHours)],
  ["simSwapSource", (a) => text(a?.source)],
];
