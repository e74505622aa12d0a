import type { z } from "zod";
import type { LookupKindCode } from "../services";
import * as callerName from "./caller-name";
import * as hlr from "./hlr";
import type { KindColumns } from "./kind-columns";
import * as lineType from "./line-type";
import * as mnp from "./mnp";
import * as simSwap from "./sim-swap";
import * as smsPumpingRisk from "./sms-pumping-risk";

/**
 * Each look-up kind's answer, one file a kind (docs/providers.md, "Look-up kinds"): its view (the
 * stored and shown answer), its schema in the public API's document and its columns in a results
 * file. The server reads these; the browser imports only the views' types.
 */
export const LOOKUP_KIND_ANSWERS = {
  hlr,
  mnp,
  line_type: lineType,
  sim_swap: simSwap,
  sms_pumping_risk: smsPumpingRisk,
  caller_name: callerName,
} satisfies { [K in LookupKindCode]: { schema: z.ZodType; columns: KindColumns<never> } };

/** The view of each kind's answer, as its columns read it. */
export type KindViews = {
  [K in LookupKindCode]: (typeof LOOKUP_KIND_ANSWERS)[K]["columns"] extends KindColumns<infer View>
    ? View
    : never;
};
