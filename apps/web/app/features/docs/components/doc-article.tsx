import { App } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { sectionOf } from "../doc-sections";
import type { DocPageData } from "../docs-content.server";

/** A link the router can follow without reloading: one of this site's pages, opened normally. */
function inAppHref(link: HTMLAnchorElement, event: MouseEvent): string | null {
  const href = link.getAttribute("href") ?? "";
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/")) return null;
  if (link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  return href;
}

/**
 * The page's rendered markdown. Its links to other pages go through the router; its code blocks'
 * copy buttons copy the code (one listener for the whole article).
 */
function DocBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    const copy = async (button: HTMLElement) => {
      const code = button.closest(".doc-code")?.querySelector("code");
      if (!code) return;
      try {
        await navigator.clipboard.writeText(code.textContent ?? "");
        button.setAttribute("data-copied", "");
        setTimeout(() => button.removeAttribute("data-copied"), 2000);
        message.success(t("docs:copied"));
      } catch {
        // No clipboard (an insecure origin, a refused permission): select it for the reader instead.
        window.getSelection()?.selectAllChildren(code);
        message.info(t("docs:copyFailed"));
      }
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      const button = target.closest<HTMLElement>("[data-copy-code]");
      if (button) {
        void copy(button);
        return;
      }
      const link = target.closest("a");
      const href = link && inAppHref(link, event);
      if (href) {
        event.preventDefault();
        navigate(href);
      }
    };
    body.addEventListener("click", onClick);
    return () => body.removeEventListener("click", onClick);
  }, [navigate, message, t]);

  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own content files, rendered on the server with the partner's values escaped
  return <div ref={ref} className="doc-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A guide, API page or policy: section, title, lead, body, and the pages before and after it. */
export function DocArticle({ page }: { page: DocPageData }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <article className="docs-article">
      <div className="docs-eyebrow">{t(sectionOf(page.section).titleKey)}</div>
      <h1>{page.title}</h1>
      <p className="docs-lead">{page.description}</p>
      <DocBody html={page.html} />
      {(page.previous || page.next) && (
        <nav className="docs-pager" aria-label={`${t("docs:previous")} / ${t("docs:next")}`}>
          {page.previous && (
            <Link to={to(page.previous.path)}>
              <small>← {t("docs:previous")}</small>
              <span>{page.previous.title}</span>
            </Link>
          )}
          {page.next && (
            <Link to={to(page.next.path)} className="docs-pager-next">
              <small>{t("docs:next")} →</small>
              <span>{page.next.title}</span>
            </Link>
          )}
        </nav>
      )}
    </article>
  );
}
