import { Descriptions, type DescriptionsProps } from "antd";
import type { CSSProperties } from "react";

/**
 * antd gives description cells `word-break: break-word`, which lets a narrow screen squeeze the
 * table by breaking inside words and numbers ("Unknow|n", "+4479111234|56"). Here cells break
 * between words only, and a table wider than the screen scrolls sideways in its own box (which
 * takes focus, so a keyboard can scroll it too).
 */
const WHOLE_WORDS: CSSProperties = { wordBreak: "normal", overflowWrap: "normal" };

export function ResultDescriptions(props: DescriptionsProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <div style={{ overflowX: "auto" }} tabIndex={0} data-testid="result-descriptions">
      <Descriptions {...props} styles={{ label: WHOLE_WORDS, content: WHOLE_WORDS }} />
    </div>
  );
}
ResultDescriptions.Item = Descriptions.Item;

/** A value that must stay on one line: a phone number, an amount, a code. */
export const Unbroken = ({ children }: { children: React.ReactNode }) => (
  <span style={{ whiteSpace: "nowrap" }}>{children}</span>
);
