import { LOCALES } from "@nc/contracts/locales";
import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

const catalog = async (locale: string, namespace: string) =>
  (await import(`../i18n/locales/${locale}/${namespace}.json`)).default as Record<string, unknown>;

async function metaOf(locale: string, titleKey: string, descriptionKey?: string) {
  const messages = { common: await catalog(locale, "common"), auth: await catalog(locale, "auth") };
  return pageMeta(
    titleKey,
    descriptionKey,
  )({
    matches: [
      { id: "root", loaderData: { site: { name: "NumberCheck" } } },
      { id: "shell/layouts/locale-layout", loaderData: { locale, catalogue: JSON.stringify(messages) } },
    ],
  });
}

const descriptionOf = (tags: Awaited<ReturnType<typeof metaOf>>) =>
  (tags.find((tag) => "name" in tag && tag.name === "description") as { content?: string } | undefined)
    ?.content;

describe("page meta", () => {
  it("gives each public sign-in page its own description, translated in every language", async () => {
    for (const locale of LOCALES) {
      const seen = new Set<string>();
      for (const page of ["login", "register", "forget"]) {
        const tags = await metaOf(locale, `auth:${page}.title`, `auth:${page}.description`);
        const description = descriptionOf(tags);
        expect(description, `${locale} ${page}`).toBeTruthy();
        // Search engines cut descriptions near 160 characters (Latin) and show at least 50.
        expect(description!.length, `${locale} ${page}`).toBeLessThanOrEqual(160);
        seen.add(description!);
      }
      expect(seen.size).toBe(3);
    }
    const en = descriptionOf(await metaOf("en", "auth:login.title", "auth:login.description"));
    const es = descriptionOf(await metaOf("es", "auth:login.title", "auth:login.description"));
    expect(es).not.toBe(en);
  });

  it("titles an error page from the catalogue its error carries when the layout has no data", async () => {
    const messages = { common: await catalog("es", "common") };
    const tags = pageMeta("common:defaultTitle")({
      matches: [{ id: "root", loaderData: { site: { name: "NumberCheck" } } }],
      error: { data: { locale: "es", catalogue: JSON.stringify(messages) } },
    });
    expect(tags[0]).toEqual({ title: `${messages.common.defaultTitle} | NumberCheck` });
  });

  it("describes a page that names no description with the site's own description", async () => {
    for (const locale of LOCALES) {
      const tags = await metaOf(locale, "common:defaultTitle");
      expect(descriptionOf(tags)).toBe((await catalog(locale, "common")).defaultDescription);
      expect(descriptionOf(tags)!.length).toBeLessThanOrEqual(160);
      expect(tags[0]).toMatchObject({ title: expect.stringContaining("| NumberCheck") });
    }
  });
});
