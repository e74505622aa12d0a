import { describe, expect, it } from "vitest";
import { DASHBOARD_PAGES, dashboardPageMeta } from "./route-table";

const catalog = async (locale: string, namespace: string) =>
  (await import(`../i18n/locales/${locale}/${namespace}.json`)).default as Record<string, unknown>;

async function titleAt(pathname: string, locale = "en") {
  const messages = Object.fromEntries(
    await Promise.all(
      ["common", "tenant", "members", "dashboard"].map(async (ns) => [ns, await catalog(locale, ns)]),
    ),
  );
  const tags = dashboardPageMeta({
    location: { pathname },
    matches: [
      { id: "root", loaderData: { site: { name: "NumberCheck" } } },
      { id: "shell/layouts/locale-layout", loaderData: { locale, catalogue: JSON.stringify(messages) } },
    ],
  });
  return (tags[0] as { title: string }).title;
}

describe("dashboard page titles", () => {
  it("come from the route table: adding a role is titled so, editing one too", async () => {
    expect(await titleAt("/dashboard/tenant/role/add")).toBe("Add role | NumberCheck");
    expect(await titleAt("/dashboard/tenant/role/0b7c4c1e-6f1a-4c1e-9a55-2f0d7c1e4a10")).toBe(
      "Edit role | NumberCheck",
    );
    expect(await titleAt("/dashboard/tenant/member/add")).toBe("Invite member | NumberCheck");
    expect(await titleAt("/zh-Hans/dashboard/tenant/role/add", "zh-Hans")).toBe(
      `${((await catalog("zh-Hans", "tenant")).roles as { addTitle: string }).addTitle} | NumberCheck`,
    );
  });

  it("name every page of the table in every language's catalogue", async () => {
    for (const page of DASHBOARD_PAGES) {
      const [namespace, key] = page.titleKey.split(":") as [string, string];
      const messages = await catalog("en", namespace);
      const text = key
        .split(".")
        .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], messages);
      expect(typeof text, page.titleKey).toBe("string");
    }
  });
});
