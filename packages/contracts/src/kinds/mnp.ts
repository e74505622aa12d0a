import { z } from "zod";
import {
  answeredBy,
  answerSource,
  kindWords,
  lookedUp,
  network,
  obtainedAt,
  openEnum,
  PORTED_STATUSES,
} from "../api-schema-parts";
import type { AnswerOrigin, NetworkView } from "../detection-single";
import { type KindColumns, networkName, text } from "./kind-columns";

export interface MnpView extends AnswerOrigin {
  ported: string;
  currentNetwork: NetworkView | null;
  originalNetwork: NetworkView | null;
}

/** The answer in the public API's document (public-api.ts). */
export const schema = z
  .object({
    e164: lookedUp("+12025550105"),
    ported: openEnum(PORTED_STATUSES, kindWords.mnp.ported),
    currentNetwork: network.nullable().meta({ description: kindWords.mnp.currentNetwork }),
    originalNetwork: network.nullable().meta({ description: kindWords.mnp.originalNetwork }),
    source: answerSource(),
    provider: answeredBy,
    obtainedAt: obtainedAt(),
  })
  .meta({ id: "MnpResult", description: kindWords.mnp.description });

/** Its columns in a results file (job-export.ts). */
export const columns: KindColumns<MnpView> = [
  ["portingStatus", (a) => text(a?.ported)],
  ["currentNetworkMnp", (a) => networkName(a?.currentNetwork)],
  ["originalNetworkMnp", (a) => networkName(a?.originalNetwork)],
  ["mnpSource", (a) => text(a?.source)],
];
