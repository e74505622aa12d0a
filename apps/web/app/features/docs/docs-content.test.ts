import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { LOCALES } from "@nc/contracts/locales";
import { afterAll, describe, expect, it } from "vitest";
import { findContentRoot } from "./content-root.server";
import { DOC_SECTIONS, localizeDocHref } from "./doc-sections";
import { docsLibrary } from "./docs-content.server";
import { createDocsLibrary } from "./docs-library.server";
import { parseFrontMatter } from "./front-matter";
import { fillPlaceholders } from "./placeholders";
import { renderDocMarkdown } from "./render-markdown.server";

const SITE = {
  brand: 'Acme <b>"Checks"</b> & Co',
  baseUrl: "https://checks.acme.test",
  supportEmail: "help@acme.test",
};

describe("front matter", () => {
  it("reads title, description and order, quoted or not, and returns the body after it", () => {
    const { meta, body } = parseFrontMatter(
      '---\ntitle: "Errors: every code"\ndescription: What each code means.\norder: 6\n---\n\nBody **here**.\n',
      "errors.md",
    );
    expect(meta).toEqual({ title: "Errors: every code", description: "What each code means.", order: 6 });
    expect(body).toBe("\nBody **here**.\n");
  });

  it("accepts a byte-order mark and CRLF line ends", () => {
    const { meta } = parseFrontMatter(
      "\uFEFF---\r\ntitle: T\r\ndescription: D\r\norder: 2\r\n---\r\nx",
      "f.md",
    );
    expect(meta).toEqual({ title: "T", description: "D", order: 2 });
  });

  it("refuses a file without front matter or with a field missing or malformed", () => {
    expect(() => parseFrontMatter("# Title\n", "a.md")).toThrow(/a.md: no front matter/);
    expect(() => parseFrontMatter("---\ntitle: T\norder: 1\n---\n", "b.md")).toThrow(/no description/);
    expect(() => parseFrontMatter("---\ntitle: T\ndescription: D\norder: first\n---\n", "c.md")).toThrow(
      /order is not a number/,
    );
    expect(() => parseFrontMatter("---\ntitle T\n---\n", "d.md")).toThrow(/key: value/);
  });
});

describe("placeholders", () => {
  it("fills the brand, origin and support address, HTML-escaped in HTML and as is in text", () => {
    const html = fillPlaceholders("<p>{{brand}} at {{ baseUrl }}, {{supportEmail}}</p>", SITE, "html");
    expect(html).toBe(
      "<p>Acme &#60;b&#62;&#34;Checks&#34;&#60;/b&#62; &#38; Co at https://checks.acme.test, help@acme.test</p>",
    );
    expect(html).not.toContain("<b>");
    expect(fillPlaceholders("{{brand}} API", SITE, "text")).toBe('Acme <b>"Checks"</b> & Co API');
    expect(fillPlaceholders("{{unknown}} stays", SITE, "html")).toBe("{{unknown}} stays");
  });

  it("fills them inside code blocks and link targets of rendered markdown too", () => {
    const { html } = renderDocMarkdown(
      "Ask [support](mailto:{{supportEmail}}).\n\n```sh\ncurl {{baseUrl}}/api/v1/check -A '{{brand}}'\n```\n",
      { locale: "en", copyLabel: "Copy" },
    );
    const filled = fillPlaceholders(html, SITE, "html");
    expect(filled).toContain('href="mailto:help@acme.test"');
    expect(filled).toContain(
      "curl https://checks.acme.test/api/v1/check -A &#39;Acme &#60;b&#62;&#34;Checks&#34;&#60;/b&#62; &#38; Co&#39;",
    );
    expect(filled).not.toMatch(/\{\{|%7B%7B/);
  });
});

describe("markdown rendering", () => {
  const render = (source: string, locale: "en" | "zh-Hans" = "en") =>
    renderDocMarkdown(source, { locale, copyLabel: "复制" });

  it("gives the site's own links the page's language, and leaves API paths, anchors and other sites", () => {
    const source =
      "[Sandbox](/docs/sandbox) [Jobs](/docs/api/jobs#cancel) [Terms](/policies/terms) [Doc](/api/openapi.json) [Top](#top) [Web](https://example.com/x)";
    const zh = render(source, "zh-Hans").html;
    expect(zh).toContain('href="/zh-Hans/docs/sandbox"');
    expect(zh).toContain('href="/zh-Hans/docs/api/jobs#cancel"');
    expect(zh).toContain('href="/zh-Hans/policies/terms"');
    expect(zh).toContain('href="/api/openapi.json"');
    expect(zh).toContain('href="#top"');
    expect(zh).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com/x"');
    expect(render(source, "en").html).toContain('href="/docs/sandbox"');
    expect(localizeDocHref("//cdn.example.com/a", "es")).toBe("//cdn.example.com/a");
    expect(localizeDocHref("/docs/errors", "pt")).toBe("/pt/docs/errors");
  });

  it("gives headings unique anchors and lists h2 and h3 for the table of contents", () => {
    const { html, headings } = render(
      "## Quick start\n\n### Step `one`\n\n## Quick start\n\n## 快速开始\n\n#### Deep\n",
    );
    expect(headings).toEqual([
      { id: "quick-start", text: "Quick start", depth: 2 },
      { id: "step-one", text: "Step one", depth: 3 },
      { id: "quick-start-2", text: "Quick start", depth: 2 },
      { id: "快速开始", text: "快速开始", depth: 2 },
    ]);
    expect(html).toContain('<h2 id="quick-start"><a class="doc-anchor" href="#quick-start"');
    expect(html).toContain('<h4 id="deep">');
  });

  it("puts code blocks in a frame with their language and a copy button, and tables in a scroller", () => {
    const { html } = render('```json\n{"a": "<b>"}\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    expect(html).toContain('<span class="doc-code-lang">json</span>');
    expect(html).toContain(
      '<button type="button" class="doc-copy" data-copy-code aria-label="复制">复制</button>',
    );
    expect(html).toContain('<code class="language-json">{&#34;a&#34;: &#34;&#60;b&#62;&#34;}</code>');
    expect(html).toMatch(/<div class="doc-table"><table>/);
  });

  it("lets a keyboard reach and scroll a code block, named by the page's words and its language", () => {
    const { html } = renderDocMarkdown("```sh\ncurl -X POST\n```\n\n```\nplain\n```\n", {
      locale: "zh-Hans",
      copyLabel: "复制",
      codeLabel: "代码示例",
    });
    expect(html).toContain(
      '<pre tabindex="0" role="group" aria-label="代码示例: sh"><code class="language-sh">',
    );
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="代码示例"><code>plain');
  });
});

describe("the library", () => {
  const root = mkdtempSync(join(tmpdir(), "nc-docs-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, title: string, order: number, body = "Text.") => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(
      join(root, path),
      `---\ntitle: ${title}\ndescription: About ${title}.\norder: ${order}\n---\n${body}\n`,
    );
  };
  write("en/docs/second.md", "Second", 2);
  write("en/docs/first.md", "First of {{brand}}", 1, "## Hello\n\nSee [errors](/docs/errors).");
  write("en/docs/api/check.md", "Check", 1);
  write("en/policies/terms.md", "Terms", 1);
  write("es/docs/first.md", "Primero", 1, "Ver [errores](/docs/errors).");
  mkdirSync(join(root, "en/docs/drafts"), { recursive: true });

  let reads = 0;
  const library = createDocsLibrary({
    root,
    copyLabel: (locale) => {
      reads += 1;
      return locale === "es" ? "Copiar" : "Copy";
    },
  });

  it("lists each section's pages in order, sub-folders being sections of their own", async () => {
    const nav = await library.nav("en");
    expect(nav.map((s) => [s.key, s.pages.map((p) => p.path)])).toEqual([
      ["guides", ["/docs/first", "/docs/second"]],
      ["api", ["/docs/api/check"]],
      ["policies", ["/policies/terms"]],
    ]);
  });

  it("loads a page with its front matter, rendered body and headings, in its language", async () => {
    const page = await library.page("en", "guides", "first");
    expect(page).toMatchObject({
      title: "First of {{brand}}",
      description: "About First of {{brand}}.",
      order: 1,
    });
    expect(page?.headings).toEqual([{ id: "hello", text: "Hello", depth: 2 }]);
    expect((await library.page("es", "guides", "first"))?.html).toContain('href="/es/docs/errors"');
  });

  it("answers null for a slug, section or language that has no such page", async () => {
    expect(await library.page("en", "guides", "nope")).toBeNull();
    expect(await library.page("en", "api", "first")).toBeNull();
    expect(await library.page("es", "guides", "second")).toBeNull();
    expect(await library.page("en", "guides", "../policies/terms")).toBeNull();
  });

  it("reads each language once and serves it from memory afterwards", async () => {
    const before = reads;
    write("en/docs/third.md", "Third", 3);
    await library.nav("en");
    await library.page("en", "guides", "first");
    expect(reads).toBe(before);
    expect(await library.page("en", "guides", "third")).toBeNull();
  });
});

describe("the real content folder", () => {
  const root = findContentRoot();
  // The site's own library: the catalogue's tables expanded as on the site.
  const library = docsLibrary();

  /** section/slug of every page of a language, as files on disk. */
  function pagesOf(locale: string): string[] {
    return DOC_SECTIONS.flatMap((section) => {
      const dir = join(root, locale, section.dir);
      return readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith(".md"))
        .map((e) => relative(join(root, locale), join(dir, e.name)));
    }).sort();
  }

  it("is found above the module, with a folder per language", () => {
    expect(readdirSync(root).sort()).toEqual([...LOCALES].sort());
  });

  it("has the same pages in every language, with guides, API pages and policies", () => {
    const english = pagesOf("en");
    for (const section of DOC_SECTIONS)
      expect(english.some((p) => p.startsWith(`${section.dir}/`))).toBe(true);
    for (const locale of LOCALES) expect(pagesOf(locale), locale).toEqual(english);
  });

  it("parses and renders every page of every language, using no placeholder but the three", async () => {
    for (const locale of LOCALES) {
      for (const section of await library.nav(locale)) {
        for (const link of section.pages) {
          const page = await library.page(locale, section.key, link.slug);
          const where = `${locale}${link.path}`;
          expect(page?.title, where).toBeTruthy();
          expect(page?.html, where).toBeTruthy();
          const filled = fillPlaceholders(`${page!.title} ${page!.description} ${page!.html}`, SITE, "html");
          expect(filled.match(/\{\{[^}]*\}\}/g) ?? [], where).toEqual([]);
        }
      }
    }
  });
});
