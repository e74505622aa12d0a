import type { Locale } from "@nc/contracts/locales";
import { Marked, Renderer, type Tokens } from "marked";
import { type DocHeading, localizeDocHref } from "./doc-sections";
import { escapeHtml } from "./placeholders";

export interface RenderedMarkdown {
  html: string;
  headings: DocHeading[];
}

/** Anchor ids from heading text, in any script ("Quick start" -> "quick-start", "快速开始" as is). */
export function createSlugger() {
  const seen = new Map<string, number>();
  return (text: string): string => {
    const base =
      text
        .toLowerCase()
        .replace(/\{\{\s*|\s*\}\}/g, "")
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-+|-+$/g, "") || "section";
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n + 1}`;
  };
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/**
 * Markdown (CommonMark + GFM) to HTML for a documentation page: headings get ids and anchor
 * links, code blocks a copy button, tables a scrolling frame, and site links the page's language.
 * A code block scrolls sideways, so it takes keyboard focus and carries a name (`codeLabel`, then
 * its language) for the keys that scroll it (docs/accessibility.md). Placeholders are left in for
 * the caller to fill per site.
 */
export function renderDocMarkdown(
  source: string,
  options: { locale: Locale; copyLabel: string; codeLabel?: string },
): RenderedMarkdown {
  const headings: DocHeading[] = [];
  const slug = createSlugger();
  const base = new Renderer();
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === "link") token.href = localizeDocHref(token.href, options.locale);
    },
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        const id = slug(text);
        if (depth === 2 || depth === 3) headings.push({ id, text, depth });
        return `<h${depth} id="${escapeHtml(id)}"><a class="doc-anchor" href="#${escapeHtml(id)}" aria-hidden="true" tabindex="-1">#</a>${inner}</h${depth}>\n`;
      },
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? "").trim().split(/\s+/)[0] ?? "";
        const label = escapeHtml(options.copyLabel);
        const head = `<div class="doc-code-head"><span class="doc-code-lang">${escapeHtml(language)}</span><button type="button" class="doc-copy" data-copy-code aria-label="${label}">${label}</button></div>`;
        const cls = language ? ` class="language-${escapeHtml(language)}"` : "";
        const name = escapeHtml([options.codeLabel ?? "Code", language].filter(Boolean).join(": "));
        const pre = `<pre tabindex="0" role="group" aria-label="${name}">`;
        return `<div class="doc-code">${head}${pre}<code${cls}>${escapeHtml(text)}</code></pre></div>\n`;
      },
      table(token: Tokens.Table) {
        return `<div class="doc-table">${base.table.call(this, token)}</div>\n`;
      },
      link(token: Tokens.Link) {
        const html = base.link.call(this, token);
        return isExternal(token.href)
          ? html.replace("<a ", '<a target="_blank" rel="noopener noreferrer" ')
          : html;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, headings };
}
