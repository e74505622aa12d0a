import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderPage, stubApi } from "../../test/render";
import DashboardLayout from "./dashboard-layout";

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

/**
 * Every "at least this wide" question answers as the screen would: yes on a desktop, no on a
 * phone. The shell keeps the lists it asked for, so the answer is read when asked, not when made.
 */
let wideScreen = true;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    media: query,
    get matches() {
      return wideScreen;
    },
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

const open = (mobileOrTablet: boolean) => {
  wideScreen = !mobileOrTablet;
  stubApi({
    "GET /api/tenant/notice/unread_count": () => ({ unreadCount: 2 }),
    "GET /api/tenant/list": () => [],
  });
  return renderPage(<DashboardLayout />, {
    url: "/dashboard",
    root: { device: { mobileOrTablet, phone: mobileOrTablet } },
    loaderData: { queries: undefined },
  });
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("dashboard frame's user menu", () => {
  it("shows the person's initial and name without measuring anything while it mounts", async () => {
    const reads = sizeReadsInUserMenu();
    await open(false);
    const button = await screen.findByTestId("user-menu");
    expect(button.textContent).toBe("AAna");
    expect(screen.getByTestId("user-initial").getAttribute("aria-hidden")).toBe("true");
    expect(reads()).toEqual([]);
  });

  it("on a phone shows the initial only, and is still named after the person", async () => {
    await open(true);
    const button = await screen.findByTestId("user-menu");
    expect(button.textContent).toBe("A");
    expect(screen.getByRole("button", { name: "Ana" })).toBe(button);
  });
});
