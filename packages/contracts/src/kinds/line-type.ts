import { z } from "zod";
import {
  answeredBy,
  answerSource,
  kindWords,
  LINE_TYPES,
  lookedUp,
  network,
  obtainedAt,
  openEnum,
} from "../api-schema-parts";
import type { AnswerOrigin, NetworkView } from "../detection-single";
import { type KindColumns, networkName, text } from "./kind-columns";

/** A line-type look-up's answer; `lineType` "unknown" when the provider could not tell. */
export interface LineTypeView extends AnswerOrigin {
  lineType: string;
  carrier: NetworkView | null;
}

/** The answer in the public API's document (public-api.ts). */
export const schema = z
  .object({
    e164: lookedUp("+12025550100"),
    lineType: openEnum([...LINE_TYPES, "fixed_voip", "non_fixed_voip"], kindWords.line_type.lineType),
    carrier: network.nullable().meta({ description: kindWords.line_type.carrier }),
    source: answerSource(),
    provider: answeredBy,
    obtainedAt: obtainedAt(),
  })
  .meta({
    id: "LineTypeResult",
    description: kindWords.line_type.description,
  });

/** Its columns in a results file (job-export.ts). */
export const columns: KindColumns<LineTypeView> = [
  ["liveLineType", (a) => text(a?.lineType)],
  ["lineTypeCarrier", (a) => networkName(a?.carrier)],
  ["lineTypeSource", (a) => text(a?.source)],
];
