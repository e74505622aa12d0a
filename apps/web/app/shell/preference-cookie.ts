/**
 * Saves a display preference (language, colour mode) where the server reads it on the next
 * request, so the first render already matches. Not HttpOnly on purpose: the page sets it.
 */
export function setPreferenceCookie(name: string, value: string, maxAgeSeconds: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value, written in one place; the Cookie Store API is not in every browser
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}
