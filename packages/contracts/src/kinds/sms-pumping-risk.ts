import { z } from "zod";
import { answeredBy, answerSource, kindWords, lookedUp, obtainedAt } from "../api-schema-parts";
import type { AnswerOrigin } from "../detection-single";
import { type KindColumns, text, tri } from "./kind-columns";

/** An SMS pumping risk look-up's answer; `risk` null when the provider could not tell. */
export interface SmsPumpingRiskView extends AnswerOrigin {
  risk: {
    score: number;
    carrierRisk: string | null;
    blocked: boolean | null;
    blockedLast3Months: boolean | null;
    blockedAt: string | null;
  } | null;
}

/** The answer in the public API's document (public-api.ts). */
export const schema = z
  .object({
    e164: lookedUp("+14159929960"),
    risk: z
      .object({
        score: z
          .int()
          .min(0)
          .max(100)
          .meta({ description: kindWords.sms_pumping_risk.score, examples: [61] }),
        carrierRisk: z
          .string()
          .nullable()
          .meta({
            description: kindWords.sms_pumping_risk.carrierRisk,
            examples: ["moderate"],
          }),
        blocked: z.boolean().nullable().meta({ description: kindWords.sms_pumping_risk.blocked }),
        blockedLast3Months: z
          .boolean()
          .nullable()
          .meta({ description: kindWords.sms_pumping_risk.blockedLast3Months }),
        blockedAt: z
          .string()
          .meta({ format: "date-time" })
          .nullable()
          .meta({ description: kindWords.sms_pumping_risk.blockedAt }),
      })
      .nullable()
      .meta({ description: kindWords.sms_pumping_risk.risk }),
    source: answerSource(),
    provider: answeredBy,
    obtainedAt: obtainedAt(),
  })
  .meta({
    id: "SmsPumpingRiskResult",
    description: kindWords.sms_pumping_risk.description,
  });

/** Its columns in a results file (job-export.ts). */
export const columns: KindColumns<SmsPumpingRiskView> = [
  ["smsPumpingRiskScore", (a) => text(a?.risk?.score)],
  ["carrierRiskCategory", (a) => text(a?.risk?.carrierRisk)],
  ["numberBlocked", (a) => tri(a !== null, a?.risk?.blocked)],
  ["smsPumpingRiskSource", (a) => text(a?.source)],
];
