import type { DocPageData } from "../docs-content.server";
import { DocArticle } from "./doc-article";
import { DocToc } from "./doc-toc";

/** The body of every documentation page: the article and, on wide screens, its contents. */
export function DocPage({ page }: { page: DocPageData }) {
  return (
    <>
      <main className="docs-main" id="content">
        <DocArticle page={page} />
      </main>
      <aside className="docs-toc">
        <DocToc headings={page.headings} />
      </aside>
    </>
  );
}
