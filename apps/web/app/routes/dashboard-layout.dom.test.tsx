import type { PageContext } from "@nc/contracts/site";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, renderPage, rootData, stubApi, tenantWith } from "../../test/render";
import { setScreen } from "../../test/screen";
import DashboardLayout, { loader } from "./dashboard-layout";

/**
 * Element sizes read inside the header's user menu. In a browser each read while the page mounts
 * forces a style and layout pass inside hydration's commit (docs/performance.md, "A phone as
 * slow as Lighthouse's reference").
 */
function sizeReadsInUserMenu() {
  const reads: HTMLElement[] = [];
  for (const name of ["offsetWidth", "offsetHeight"] as const) {
    const read = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)!.get!;
    vi.spyOn(HTMLElement.prototype, name, "get").mockImplementation(function (this: HTMLElement) {
      reads.push(this);
      return read.call(this) as number;
    });
  }
  return () => reads.filter((element) => element.closest('[data-testid="user-menu"]'));
}

const open = (mobileOrTablet: boolean, tenant = rootData().tenant) => {
  // Every "at least this wide" question answers as the screen would (test/screen.ts).
  setScreen({ width: mobileOrTablet ? 390 : 1440 });
  const calls = stubApi({
    "GET /api/tenant/notice/unread_count": () => ({ unreadCount: 2 }),
    "GET /api/tenant/list": () => [],
  });
  const page = renderPage(<DashboardLayout />, {
    url: "/dashboard",
    root: { device: { mobileOrTablet, phone: mobileOrTablet }, tenant },
    loaderData: { queries: undefined },
  });
  return { page, calls };
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("dashboard frame's user menu", () => {
  it("shows the person's initial and name without measuring anything while it mounts", async () => {
    const reads = sizeReadsInUserMenu();
    await open(false).page;
    const button = await screen.findByTestId("user-menu");
    expect(button.textContent).toBe("AAna");
    expect(screen.getByTestId("user-initial").getAttribute("aria-hidden")).toBe("true");
    expect(reads()).toEqual([]);
  });

  it("on a phone shows the initial only, and is still named after the person", async () => {
    await open(true).page;
    const button = await screen.findByTestId("user-menu");
    expect(button.textContent).toBe("A");
    expect(screen.getByRole("button", { name: "Ana" })).toBe(button);
  });
});

describe("dashboard frame's notice counter", () => {
  const UNREAD = "GET /api/tenant/notice/unread_count";
  const CHECKER = tenantWith(["detection:read", "detection:create"]);

  /** The layout's loader for a signed-in member of the given role; the paths it asked the API. */
  async function loaderAsks(tenant = CHECKER) {
    const asked: string[] = [];
    const context = {
      user: rootData().user,
      tenant,
      tenantCount: 1,
      apiJson: async (path: string) => {
        asked.push(path);
        return { status: 200, data: { unreadCount: 3 } };
      },
    } as unknown as PageContext;
    const request = new Request("http://localhost/dashboard");
    return { answer: await loader({ request, context, params: {} } as Parameters<typeof loader>[0]), asked };
  }

  it("is not asked for, on the server or in the browser, when the role may not read notices", async () => {
    const { answer, asked } = await loaderAsks();
    expect(asked).toEqual([]);
    expect(answer.queries).toBeUndefined();
    const { page, calls } = open(false, CHECKER);
    await page;
    await screen.findByTestId("user-menu");
    expect(screen.queryByTestId("notice-bell")).toBeNull();
    expect(callsTo(calls, UNREAD)).toEqual([]);
  });

  it("is asked for when the role may read notices", async () => {
    const { asked } = await loaderAsks(tenantWith(["notice:read"]));
    expect(asked).toEqual(["/api/tenant/notice/unread_count"]);
    const { page, calls } = open(false, tenantWith(["notice:read"]));
    await page;
    expect((await screen.findByTestId("notice-bell")).dataset.unread).toBeDefined();
    await vi.waitFor(() => expect(callsTo(calls, UNREAD)).toHaveLength(1));
  });
});
