import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { derivedTokenFor } from "./derived-theme";
import { derivedTheme } from "./derived-theme.server";
import { derivedMapToken, deriveMapToken, PRIMARY_COLOR, themeConfig } from "./tokens";

describe("the theme's map token worked out on the server", () => {
  it.each([
    [false, undefined],
    [true, undefined],
    [false, "#c41d7f"],
    [true, "#fadb14"],
  ])("gives antd the same design tokens (dark %s, brand %s)", (dark, brand) => {
    const derivedHere = theme.getDesignToken(themeConfig(dark, brand));
    const fromServer = theme.getDesignToken(themeConfig(dark, brand, derivedMapToken(dark, brand)));
    expect(fromServer).toEqual(derivedHere);
    // The brand's readable shade, not the seed, is what pages paint with.
    expect(fromServer.colorPrimary).toBe(derivedHere.colorPrimary);
  });

  it("leaves out what the browser can put back: the seed's values and the palettes' dashed twins", () => {
    const full = deriveMapToken(false);
    const sent = derivedMapToken(false);
    expect(Object.keys(sent).length).toBeLessThan(Object.keys(full).length * 0.7);
    expect(sent).not.toHaveProperty("blue-6");
    expect(sent.blue6).toBe(full.blue6);
    expect(sent).not.toHaveProperty("fontSize");
  });

  it("is derived once per scheme and brand", () => {
    const first = derivedTheme(true, "#0958d9");
    expect(derivedTheme(true, "#0958d9")).toBe(first);
    expect(derivedTheme(false, "#0958d9")).not.toBe(first);
    expect(first).toMatchObject({ dark: true, brand: "#0958d9" });
  });

  it("is used only for the scheme and brand it was derived for", () => {
    const light = derivedTheme(false, "");
    const token = derivedTokenFor(light, false, "");
    expect(token).toEqual(JSON.parse(light.token));
    // The same JSON gives the same object: antd's theme cache and React's memos hold.
    expect(derivedTokenFor(light, false, undefined)).toBe(token);
    expect(derivedTokenFor(light, true, "")).toBeUndefined();
    expect(derivedTokenFor(light, false, PRIMARY_COLOR)).toBeUndefined();
    expect(derivedTokenFor(undefined, false, "")).toBeUndefined();
  });
});
