import type { MetaDescriptor } from "react-router";
import type { RootData } from "../../shell/root-data";

interface MetaArgs {
  loaderData?: unknown;
  data?: unknown;
  matches: ({ id: string; loaderData?: unknown; data?: unknown } | undefined)[];
}

/** "Page title | site name" and the description, from a page's own front matter. */
export function docMeta({ loaderData, data, matches }: MetaArgs): MetaDescriptor[] {
  const page = (loaderData ?? data) as { title: string; description: string } | undefined;
  const root = matches.find((m) => m?.id === "root");
  const siteName = ((root?.loaderData ?? root?.data) as RootData | undefined)?.site.name ?? "";
  if (!page) return [{ title: siteName }];
  return [
    { title: siteName ? `${page.title} | ${siteName}` : page.title },
    { name: "description", content: page.description },
  ];
}
