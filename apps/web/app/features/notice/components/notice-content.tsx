import { Fragment } from "react";
import { Link } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { localNoticeTarget, parseNoticeContent } from "../notice-markdown";

/**
 * A notice's markdown-lite body: text and links to dashboard pages, rewritten to the page's
 * language. A link to anywhere else shows as plain text; the text never becomes HTML.
 */
export function NoticeContent({ content, onNavigate }: { content: string; onNavigate?: () => void }) {
  const { to } = useLocale();
  return (
    <>
      {parseNoticeContent(content).map((segment, i) => {
        const key = `${i}`;
        if (segment.kind === "break") return <br key={key} />;
        const href = segment.kind === "link" ? localNoticeTarget(segment.target, to) : null;
        if (!href) return <Fragment key={key}>{segment.text}</Fragment>;
        return (
          <Link key={key} to={href} onClick={onNavigate}>
            {segment.text}
          </Link>
        );
      })}
    </>
  );
}
