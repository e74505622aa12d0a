import { localizePath, splitLocalePath } from "@nc/contracts/locales";

/**
 * Navigation rules of docs/architecture.md, "Organisations and access"; docs/architecture.md, "Decisions and why": external URLs need an explicit opt-in and
 * javascript-style protocols are refused outright.
 */
export const EXTERNAL_NOT_ALLOWED = "Navigating to an external URL is not allowed by default";
export const PROTOCOL_NOT_ALLOWED = "Cannot navigate to a URL with that protocol";

const BLOCKED_PROTOCOLS = /^\s*(javascript|vbscript|data|blob|file):/i;

/** The target as a browser's URL parser reads it: tabs and newlines dropped, leading controls trimmed. */
function asParsed(target: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser ignores exactly these
  return target.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
}

export function isExternalUrl(target: string): boolean {
  const parsed = asParsed(target);
  return /^[a-z][a-z0-9+.-]*:/i.test(parsed.trim()) || /^\s*[/\\]{2}/.test(parsed);
}

/** Throws with the spec's messages; returns the target when it may be followed. */
export function checkNavigation(target: string, options: { external?: boolean } = {}): string {
  if (BLOCKED_PROTOCOLS.test(asParsed(target))) throw new Error(PROTOCOL_NOT_ALLOWED);
  if (isExternalUrl(target) && !options.external) throw new Error(EXTERNAL_NOT_ALLOWED);
  return target;
}

/**
 * The page to return to after sign-in: only a path on this site. Anything else (another origin,
 * a protocol, "//host", "/\\host", control characters) falls back to the dashboard.
 */
export function safeReturnPath(raw: string | null | undefined, fallback = "/dashboard"): string {
  if (!raw) return fallback;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (!value.startsWith("/") || /^\/[/\\]/.test(value) || /[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://x.invalid");
    if (url.origin !== "http://x.invalid") return fallback;
    const path = url.pathname + url.search + url.hash;
    // Dot segments can collapse into a host: "/.//evil.com" comes out as "//evil.com".
    return /^\/[/\\]/.test(path) ? fallback : path;
  } catch {
    return fallback;
  }
}

/**
 * Where a signed-in visitor of a sign-in page goes instead: the page asked for, in the language of
 * the address they opened (`/zh-Hans/login` leads to `/zh-Hans/dashboard`, not to the English one).
 */
export function signedInReturnPath(requestUrl: string): string {
  const url = new URL(requestUrl);
  const path = safeReturnPath(url.searchParams.get("redirect"));
  const { locale } = splitLocalePath(url.pathname);
  return locale && !splitLocalePath(path).locale ? localizePath(path, locale) : path;
}
