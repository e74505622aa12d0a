import { Anchor } from "antd";
import { useTranslation } from "react-i18next";
import type { DocHeading } from "../doc-sections";

/** "On this page": the article's h2 and h3, following the reader as they scroll. */
export function DocToc({ headings }: { headings: DocHeading[] }) {
  const { t } = useTranslation();
  if (headings.length === 0) return null;
  const items: {
    key: string;
    href: string;
    title: string;
    children?: { key: string; href: string; title: string }[];
  }[] = [];
  for (const h of headings) {
    const entry = { key: h.id, href: `#${h.id}`, title: h.text };
    const parent = items[items.length - 1];
    if (h.depth === 3 && parent) parent.children = [...(parent.children ?? []), entry];
    else items.push(entry);
  }
  return (
    <nav aria-label={t("docs:onThisPage")}>
      <p className="docs-toc-title">{t("docs:onThisPage")}</p>
      <Anchor items={items} targetOffset={76} affix={false} />
    </nav>
  );
}
