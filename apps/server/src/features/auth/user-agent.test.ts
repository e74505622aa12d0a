import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", os: "Windows", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { browser: "Edge 131", os: "Windows", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0",
      { browser: "Firefox 133", os: "macOS", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      { browser: "Safari 18", os: "macOS", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      { browser: "Safari 18", os: "iOS", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      { browser: "Chrome 131", os: "iOS", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      { browser: "Chrome 131", os: "Android", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36",
      { browser: "Samsung Internet 26", os: "Android", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", os: "Linux", device: "desktop" },
    ],
    ["curl/8.5.0", { browser: "curl 8", os: null, device: null }],
    ["", { browser: null, os: null, device: null }],
    [null, { browser: null, os: null, device: null }],
    // Only the first 512 characters are read: the browser past them is not seen.
    [`${"x".repeat(600)} Firefox/133.0`, { browser: null, os: null, device: null }],
  ])("%s", (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });
});
