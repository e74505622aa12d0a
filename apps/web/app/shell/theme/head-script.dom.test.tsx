import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_BG_KEY } from "./color-mode";
import { HEAD_SCRIPT } from "./head-script";

/** What the script asked of the browser: the cookie jar, local storage, the system's scheme. */
function watchBrowser(systemDark: boolean) {
  const cookie = vi.spyOn(document, "cookie", "get");
  const storage = vi.spyOn(Storage.prototype, "getItem");
  const media = vi.fn((query: string) => ({ matches: systemDark && query.includes("dark") }));
  vi.stubGlobal("matchMedia", media);
  return { cookie, storage, media };
}

const run = () => new Function(HEAD_SCRIPT)();

describe("the head script", () => {
  const html = document.documentElement;
  beforeEach(() => {
    html.removeAttribute("data-ssr-bg");
    html.removeAttribute("class");
    html.removeAttribute("style");
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("reads nothing where the server knew the scheme, and leaves the server's page as it is", () => {
    html.dataset.ssrBg = "1";
    html.style.colorScheme = "light";
    localStorage.setItem(LOADING_BG_KEY, "rgb(1, 2, 3)");
    const asked = watchBrowser(true);
    run();
    expect(asked.cookie).not.toHaveBeenCalled();
    expect(asked.storage).not.toHaveBeenCalled();
    expect(asked.media).not.toHaveBeenCalled();
    expect(html.classList.contains("dark")).toBe(false);
    expect(html.style.colorScheme).toBe("light");
    expect(html.style.backgroundColor).toBe("");
  });

  it("follows a dark system and paints the saved background where the server could not know", () => {
    localStorage.setItem(LOADING_BG_KEY, "rgb(1, 2, 3)");
    const asked = watchBrowser(true);
    run();
    expect(asked.cookie).not.toHaveBeenCalled();
    expect(html.classList.contains("dark")).toBe(true);
    expect(html.style.colorScheme).toBe("dark");
    expect(html.style.backgroundColor).toBe("rgb(1, 2, 3)");
  });

  it("stays light for a light system, with no saved background on a first visit", () => {
    watchBrowser(false);
    run();
    expect(html.classList.contains("dark")).toBe(false);
    expect(html.style.colorScheme).toBe("light");
    expect(html.style.backgroundColor).toBe("");
  });
});
