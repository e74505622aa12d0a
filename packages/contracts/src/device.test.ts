import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectDevice } from "./device";

/** Spec: "mobile", "tablet", "Android" or "Pad" means phone or tablet; "Mobi" means phone. */
const UA = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  kindle:
    "Mozilla/5.0 (Linux; U; en-us; KFAPWI Build/JDQ39) AppleWebKit/535.19 (KHTML, like Gecko) Silk/3.13 Safari/535.19 Tablet",
  operaMobiSymbian: "Opera/9.80 (S60; SymbOS; Opera Mobi/SYB-1107071606; U; en) Presto/2.8.149 Version/11.10",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  bot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

describe("detectDevice", () => {
  it.each([
    ["iPhone", UA.iPhone, { mobileOrTablet: true, phone: true }],
    ["Android phone", UA.androidPhone, { mobileOrTablet: true, phone: true }],
    ["Android tablet", UA.androidTablet, { mobileOrTablet: true, phone: false }],
    ["Kindle (Tablet)", UA.kindle, { mobileOrTablet: true, phone: false }],
    ["Opera Mobi on Symbian", UA.operaMobiSymbian, { mobileOrTablet: true, phone: true }],
    ["Windows Chrome", UA.windowsChrome, { mobileOrTablet: false, phone: false }],
    ["macOS Safari", UA.macSafari, { mobileOrTablet: false, phone: false }],
    ["Linux Firefox", UA.linuxFirefox, { mobileOrTablet: false, phone: false }],
    ["Googlebot", UA.bot, { mobileOrTablet: false, phone: false }],
  ])("%s", (_name, ua, expected) => {
    expect(detectDevice(ua)).toEqual(expected);
  });

  it.each(["mobile", "Mobile", "tablet", "TABLET", "Android", "android", "Pad", "iPad", "pad"])(
    "%j alone means phone or tablet",
    (word) => {
      expect(detectDevice(`Mozilla/5.0 (${word}) Gecko`).mobileOrTablet).toBe(true);
    },
  );

  it('"Mobi" means phone; other spellings do not', () => {
    expect(detectDevice("Foo Mobi/1").phone).toBe(true);
    expect(detectDevice("Foo Mobile/1").phone).toBe(true);
    expect(detectDevice("Foo mobi/1").phone).toBe(false);
    expect(detectDevice("Foo MOBI/1").phone).toBe(false);
    expect(detectDevice("Foo Tablet Android").phone).toBe(false);
  });

  it("treats a missing user agent as a desktop", () => {
    for (const ua of [undefined, null, ""])
      expect(detectDevice(ua)).toEqual({ mobileOrTablet: false, phone: false });
  });

  it("follows the spec's words for any user agent, and a phone is always a phone or tablet", () => {
    const words = fc.constantFrom(
      "mobile",
      "MOBILE",
      "Mobi",
      "tablet",
      "Android",
      "Pad",
      "pod",
      "Mac",
      "Linux",
      " ",
      "/",
    );
    const ua = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(words, fc.string({ maxLength: 3 }))).map((p) => p.join("")),
    );
    fc.assert(
      fc.property(ua, (s) => {
        const { mobileOrTablet, phone } = detectDevice(s);
        expect(phone).toBe(s.includes("Mobi"));
        const lower = s.toLowerCase();
        const named = ["mobile", "tablet", "android", "pad"].some((w) => lower.includes(w));
        expect(mobileOrTablet).toBe(named || phone);
        if (phone) expect(mobileOrTablet).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
