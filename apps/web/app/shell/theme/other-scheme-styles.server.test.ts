import { describe, expect, it, vi } from "vitest";
import { darkStylesFor } from "./other-scheme-styles.server";

describe("the dark theme's variables of a page whose visitor's scheme is unknown", () => {
  it("come under the dark scheme's media query, in a <style> the browser drops after hydration", async () => {
    const style = await darkStylesFor(".css-var-a{--c:#fff}", async () => ".css-var-a{--c:#000}");
    expect(style).toBe(
      '<style data-nc-scheme="dark">@media (prefers-color-scheme: dark){.css-var-a{--c:#000}}</style>',
    );
  });

  it("are rendered once per light set, then remembered", async () => {
    const render = vi.fn(async () => ".css-var-b{--c:#111}");
    const first = await darkStylesFor(".css-var-b{--c:#eee}", render);
    const again = await darkStylesFor(".css-var-b{--c:#eee}", render);
    expect(again).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    // Another page's components or another brand: another light set, rendered on its own.
    await darkStylesFor(".css-var-b{--c:#ddd}", async () => ".css-var-b{--c:#222}");
    expect(await darkStylesFor(".css-var-b{--c:#eee}", render)).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("are rendered once when several pages of the same kind ask at the same time", async () => {
    let finish: (css: string) => void = () => undefined;
    const render = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const both = Promise.all([
      darkStylesFor(".css-var-c{--c:#eee}", render),
      darkStylesFor(".css-var-c{--c:#eee}", render),
    ]);
    finish(".css-var-c{--c:#111}");
    const [first, second] = await both;
    expect(second).toBe(first);
    expect(first).toContain(".css-var-c{--c:#111}");
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("forget the least recently used set once 200 are remembered", async () => {
    const render = vi.fn(async () => ".x{--c:#000}");
    await darkStylesFor(".kept{--c:1}", render);
    for (let i = 0; i < 200; i++) {
      // Keep ".kept" recently used half-way through, so the eviction order is by use, not by age.
      if (i === 100) await darkStylesFor(".kept{--c:1}", render);
      await darkStylesFor(`.other-${i}{--c:1}`, async () => ".y{--c:#000}");
    }
    expect(render).toHaveBeenCalledTimes(1);
    await darkStylesFor(".kept{--c:1}", render);
    expect(render).toHaveBeenCalledTimes(1);
    await darkStylesFor(".other-0{--c:1}", render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("are not remembered when rendering them failed", async () => {
    await expect(
      darkStylesFor(".fail{--c:1}", async () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    const render = vi.fn(async () => ".fail{--c:2}");
    await darkStylesFor(".fail{--c:1}", render);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
