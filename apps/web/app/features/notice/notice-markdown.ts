import { splitLocalePath } from "@nc/contracts/locales";
import { checkNavigation, safeReturnPath } from "../../shell/navigation/safe-navigation";

/**
 * The notices' markdown-lite: plain text, `\` escapes, line breaks and `[text](target)` links;
 * nothing else is markup, and no HTML is ever produced from the text.
 */
export type NoticeSegment =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; target: string }
  | { kind: "break" };

/** Reads text up to an unescaped `end`, unescaping as it goes; null when `end` never comes. */
function readUntil(
  source: string,
  from: number,
  end: string,
  stopAt = "",
): { text: string; next: number } | null {
  let text = "";
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\" && i + 1 < source.length) {
      text += source[++i];
    } else if (c === end) {
      return { text, next: i + 1 };
    } else if (stopAt.includes(c)) {
      return null;
    } else {
      text += c;
    }
  }
  return null;
}

export function parseNoticeContent(source: string): NoticeSegment[] {
  const out: NoticeSegment[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ kind: "text", text });
    text = "";
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\" && i + 1 < source.length) {
      text += source[++i];
    } else if (c === "\n") {
      flush();
      out.push({ kind: "break" });
    } else if (c === "[") {
      const label = readUntil(source, i + 1, "]", "[\n");
      const target =
        label && source[label.next] === "(" ? readUntil(source, label.next + 1, ")", " \t\n(") : null;
      if (label && target) {
        flush();
        out.push({ kind: "link", text: label.text, target: target.text });
        i = target.next - 1;
      } else {
        text += c;
      }
    } else if (c !== "\r") {
      text += c;
    }
  }
  flush();
  return out;
}

/**
 * The in-app path a notice link may open, in the reader's language (`to` adds the prefix), or null
 * for anything that is not a plain local path: other sites, blocked protocols, "//host" tricks.
 */
export function localNoticeTarget(target: string, to: (path: string) => string): string | null {
  try {
    checkNavigation(target);
  } catch {
    return null;
  }
  const path = safeReturnPath(target, "");
  if (!path) return null;
  const [, pathname = "", rest = ""] = /^([^?#]*)(.*)$/.exec(path) ?? [];
  return to(splitLocalePath(pathname).rest) + rest;
}
