import type { SingleCheckView } from "@nc/contracts/detection-single";
import type { KindViews } from "@nc/contracts/kinds/index";
import { KIND_VERDICTS, type LookupKindCode, serviceOf } from "@nc/contracts/services";
import type { ReactNode } from "react";
import { CallerNameAnswer } from "./caller-name-answer";
import { HlrAnswer } from "./hlr-answer";
import { LineTypeAnswer } from "./line-type-answer";
import { MnpAnswer } from "./mnp-answer";
import { SimSwapAnswer } from "./sim-swap-answer";
import { SmsPumpingAnswer } from "./sms-pumping-answer";

/** A look-up kind's card in the check result, from its answer (null when not looked up). */
export type AnswerCard<K extends LookupKindCode> = (
  answer: KindViews[K] | null,
  view: SingleCheckView,
) => ReactNode;

/**
 * Each look-up kind's card, one component a kind (docs/providers.md, "Look-up kinds"); the check
 * result shows them in the order of the kinds. The type asks for a card for every kind.
 */
export const ANSWER_CARDS: { [K in LookupKindCode]: AnswerCard<K> } = {
  hlr: (answer) => answer && <HlrAnswer answer={answer} />,
  mnp: (answer) => answer && <MnpAnswer answer={answer} />,
  line_type: (answer, view) =>
    answer && <LineTypeAnswer answer={answer} planned={view.result.basic.lineType} />,
  sim_swap: (answer) => answer && <SimSwapAnswer answer={answer} />,
  sms_pumping_risk: (answer) => answer && <SmsPumpingAnswer answer={answer} />,
  // A caller name, or, when the service sells caller names, that it does not apply to the number
  // (the verdict's "not_applicable": a valid number outside the United States).
  caller_name: (answer, { service, result: { basic } }) =>
    (answer ||
      (serviceOf(service).charges === "us" &&
        KIND_VERDICTS.caller_name(null, basic) === "not_applicable")) && <CallerNameAnswer answer={answer} />,
};
