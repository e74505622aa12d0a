/** What the content's placeholders stand for on the partner's site. */
export interface DocSiteValues {
  brand: string;
  baseUrl: string;
  supportEmail: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Also in the %-encoded form markdown gives placeholders inside link targets.
const PLACEHOLDER = /(?:\{\{|%7B%7B)\s*(brand|baseUrl|supportEmail)\s*(?:\}\}|%7D%7D)/gi;

/**
 * Puts the partner's values in place of {{brand}}, {{baseUrl}} and {{supportEmail}}; HTML-escaped
 * when filling rendered HTML (a brand name is data, never markup), as is for plain text.
 */
export function fillPlaceholders(text: string, values: DocSiteValues, mode: "html" | "text"): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const key = (Object.keys(values) as (keyof DocSiteValues)[]).find(
      (k) => k.toLowerCase() === name.toLowerCase(),
    )!;
    return mode === "html" ? escapeHtml(values[key]) : values[key];
  });
}
