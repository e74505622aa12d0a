import type { ReactNode } from "react";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";

/** One part of a check's answer (basic, HLR, portability, line type, ...): a titled, bordered table. */
export function AnswerSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <ResultDescriptions size="small" column={{ xs: 1, sm: 2 }} bordered title={title}>
      {children}
    </ResultDescriptions>
  );
}
