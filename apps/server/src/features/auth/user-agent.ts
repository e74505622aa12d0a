import type { DeviceKind } from "@nc/contracts/sessions";

/**
 * Browser, system and kind of device from a User-Agent header, for the person's list of sessions
 * (docs/security.md, "Sessions"). A few ordered patterns are enough to recognise one's own
 * devices; anything else is answered as unknown rather than guessed.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\//, "Safari"],
  [/\bcurl\/(\d+)/, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b.*\bOS (\d+)/, "iOS"],
  [/\bAndroid (\d+)/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows NT\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export interface DeviceInfo {
  browser: string | null;
  os: string | null;
  device: DeviceKind | null;
}

function first(ua: string, patterns: [RegExp, string][], withVersion: boolean): string | null {
  for (const [pattern, name] of patterns) {
    const match = pattern.exec(ua);
    if (match) return withVersion && match[1] ? `${name} ${match[1]}` : name;
  }
  return null;
}

export function describeUserAgent(ua: string | null | undefined): DeviceInfo {
  if (!ua) return { browser: null, os: null, device: null };
  const text = ua.slice(0, 512);
  const os = first(text, SYSTEMS, false);
  let device: DeviceKind | null = null;
  if (/\biPad\b|\bTablet\b/.test(text) || (os === "Android" && !/\bMobile\b/.test(text))) device = "tablet";
  else if (/\bMobi|\biPhone\b|\biPod\b/.test(text)) device = "mobile";
  else if (os) device = "desktop";
  return { browser: first(text, BROWSERS, true), os, device };
}
