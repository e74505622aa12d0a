import { describe, expect, it } from "vitest";
import { resolveLocale } from "./resolve-locale";

type Input = Parameters<typeof resolveLocale>[0];
const visit = (input: Partial<Input> & Pick<Input, "pathname">) =>
  resolveLocale({ lang: undefined, search: "", cookieLocale: null, acceptLanguage: null, ...input });

describe("resolveLocale", () => {
  describe("with a prefix, the prefix decides", () => {
    it("renders the prefixed locale", () => {
      expect(visit({ lang: "zh-Hans", pathname: "/zh-Hans/login" })).toEqual({
        kind: "render",
        locale: "zh-Hans",
      });
      expect(visit({ lang: "es", pathname: "/es" })).toEqual({ kind: "render", locale: "es" });
      expect(visit({ lang: "pt", pathname: "/pt/dashboard" })).toEqual({ kind: "render", locale: "pt" });
    });

    it("ignores the cookie and Accept-Language", () => {
      expect(
        visit({
          lang: "es",
          pathname: "/es/login",
          cookieLocale: "zh-Hans",
          acceptLanguage: "pt-BR,pt;q=0.9",
        }),
      ).toEqual({ kind: "render", locale: "es" });
      expect(visit({ lang: "pt", pathname: "/pt", cookieLocale: "en" })).toEqual({
        kind: "render",
        locale: "pt",
      });
    });

    it("redirects /en/... to the unprefixed path, keeping the search string", () => {
      expect(visit({ lang: "en", pathname: "/en/login" })).toEqual({ kind: "redirect", to: "/login" });
      expect(visit({ lang: "en", pathname: "/en/dashboard/profile", search: "?tab=1&x=%20" })).toEqual({
        kind: "redirect",
        to: "/dashboard/profile?tab=1&x=%20",
      });
      expect(visit({ lang: "en", pathname: "/en", search: "?a=1" })).toEqual({
        kind: "redirect",
        to: "/?a=1",
      });
      expect(visit({ lang: "en", pathname: "/en/", cookieLocale: "zh-Hans" })).toEqual({
        kind: "redirect",
        to: "/",
      });
    });

    it.each(["fr", "EN", "zh-hans", "zh", "zh-TW", "es-ES", ""])(
      "answers not-found for the prefix %j",
      (lang) => {
        expect(visit({ lang, pathname: `/${lang}/login`, cookieLocale: "es", acceptLanguage: "es" })).toEqual(
          {
            kind: "not-found",
          },
        );
      },
    );
  });

  describe("without a prefix", () => {
    it("renders English when nothing says otherwise", () => {
      expect(visit({ pathname: "/login" })).toEqual({ kind: "render", locale: "en" });
      expect(visit({ pathname: "/", acceptLanguage: "fr-FR, de;q=0.5" })).toEqual({
        kind: "render",
        locale: "en",
      });
    });

    it("follows a saved zh-Hans choice to /zh-Hans/..., keeping the search string", () => {
      expect(visit({ pathname: "/login", cookieLocale: "zh-Hans" })).toEqual({
        kind: "redirect",
        to: "/zh-Hans/login",
      });
      expect(
        visit({ pathname: "/login", search: "?redirect=%2Fdashboard", cookieLocale: "zh-Hans" }),
      ).toEqual({
        kind: "redirect",
        to: "/zh-Hans/login?redirect=%2Fdashboard",
      });
      expect(visit({ pathname: "/", search: "?a=1", cookieLocale: "zh-Hans" })).toEqual({
        kind: "redirect",
        to: "/zh-Hans?a=1",
      });
    });

    it("lets a saved English choice beat Accept-Language", () => {
      expect(visit({ pathname: "/login", cookieLocale: "en", acceptLanguage: "zh-CN,zh;q=0.9" })).toEqual({
        kind: "render",
        locale: "en",
      });
    });

    it("lets the cookie beat Accept-Language for other languages too", () => {
      expect(visit({ pathname: "/login", cookieLocale: "pt", acceptLanguage: "es" })).toEqual({
        kind: "redirect",
        to: "/pt/login",
      });
    });

    it("uses Accept-Language without a usable cookie", () => {
      expect(visit({ pathname: "/dashboard", acceptLanguage: "es-419,es;q=0.9" })).toEqual({
        kind: "redirect",
        to: "/es/dashboard",
      });
      expect(visit({ pathname: "/dashboard", cookieLocale: "klingon", acceptLanguage: "pt-BR" })).toEqual({
        kind: "redirect",
        to: "/pt/dashboard",
      });
      expect(visit({ pathname: "/dashboard", acceptLanguage: "en-US, es;q=0.5" })).toEqual({
        kind: "render",
        locale: "en",
      });
    });

    it("does not send Traditional Chinese readers to Simplified Chinese", () => {
      expect(visit({ pathname: "/", acceptLanguage: "zh-TW" })).toEqual({ kind: "render", locale: "en" });
    });
  });
});
