import { z } from "zod";
import {
  answeredBy,
  answerSource,
  CONNECTIVITIES,
  dateTime,
  kindWords,
  lookedUp,
  network,
  openEnum,
} from "../api-schema-parts";
import type { AnswerOrigin, NetworkView } from "../detection-single";
import { type KindColumns, networkName, text, tri } from "./kind-columns";

export interface HlrView extends AnswerOrigin {
  connectivity: "connected" | "absent" | "invalid_msisdn" | "undetermined";
  error: { code: number; name: string; permanent: boolean } | null;
  currentNetwork: NetworkView | null;
  originalNetwork: NetworkView | null;
  roaming: { roaming: boolean | null; network: NetworkView | null; country: string | null };
  ported: boolean | null;
}

/** The answer in the public API's document (public-api.ts). */
export const schema = z
  .object({
    e164: lookedUp("+12025550100"),
    connectivity: openEnum(CONNECTIVITIES, kindWords.hlr.connectivity),
    error: z
      .object({
        code: z.int().meta({ description: kindWords.hlr.errorCode, examples: [27] }),
        name: z.string().meta({ description: kindWords.hlr.errorName, examples: ["absentSubscriber"] }),
        permanent: z.boolean().meta({ description: kindWords.hlr.errorPermanent }),
      })
      .nullable()
      .meta({ description: kindWords.hlr.error }),
    currentNetwork: network.nullable().meta({ description: kindWords.hlr.currentNetwork }),
    originalNetwork: network.nullable().meta({ description: kindWords.hlr.originalNetwork }),
    roaming: z
      .object({
        roaming: z.boolean().nullable().meta({ description: kindWords.hlr.roamingRoaming }),
        network: network.nullable().meta({ description: kindWords.hlr.roamingNetwork }),
        country: z.string().nullable().meta({ description: kindWords.hlr.roamingCountry }),
      })
      .meta({ description: kindWords.hlr.roaming }),
    ported: z.boolean().nullable().meta({ description: kindWords.hlr.ported }),
    source: answerSource(),
    provider: answeredBy,
    obtainedAt: dateTime(kindWords.hlr.obtainedAt),
  })
  .meta({ id: "HlrResult", description: kindWords.hlr.description });

/** Its columns in a results file (job-export.ts). */
export const columns: KindColumns<HlrView> = [
  ["connectivity", (a) => text(a?.connectivity)],
  ["errorCode", (a) => text(a?.error?.code)],
  ["errorName", (a) => text(a?.error?.name)],
  ["currentNetwork", (a) => networkName(a?.currentNetwork)],
  ["mcc", (a) => text(a?.currentNetwork?.mcc)],
  ["mnc", (a) => text(a?.currentNetwork?.mnc)],
  ["roaming", (a) => tri(a !== null, a?.roaming.roaming)],
  ["roamingCountry", (a) => text(a?.roaming.country)],
  ["ported", (a) => tri(a !== null, a?.ported)],
  ["hlrSource", (a) => text(a?.source)],
];
