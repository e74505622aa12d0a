import type { Locale } from "@nc/contracts/locales";
import es from "./translations/es.json";
import pt from "./translations/pt.json";
import zhHans from "./translations/zh-Hans.json";

type Catalog = Record<string, string>;

/**
 * The descriptions we write in the OpenAPI document, by their English sentence (docs/architecture.md,
 * "Documentation site"). Keyed by the English text rather than by id because the document is built
 * from many places (route schemas' `.meta`, PUBLIC_API_OPERATIONS, error meanings); the test
 * `openapi-locales.test.ts` fails on any sentence a catalog lacks, so a new description cannot
 * ship untranslated.
 */
const CATALOGS: Partial<Record<Locale, Catalog>> = { "zh-Hans": zhHans, es, pt };

/** The keys whose text is ours to translate; everything else (names, paths, codes, enums) stays. */
const TEXT_KEYS = new Set(["description", "summary", "title"]);
const ERROR_LINE = /^(- `\d+` )(.*)$/;
const SCOPE_LINE = /^Scope: (.*)\.$/;
/** A sentence ends at . ! ? before a capital, a backtick or bold markup (how the catalogs are cut). */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z`*])/;

/**
 * One text in the catalog's language: paragraphs, lines, the error lists' lines (`- \`40001\` …`,
 * the code kept), the "Scope:" line and sentences are looked up one by one; a piece the catalog
 * lacks stays English and is reported to `missing`.
 */
export function translateText(text: string, catalog: Catalog, locale: Locale, missing?: Set<string>): string {
  const whole = catalog[text];
  if (whole !== undefined) return whole;
  for (const separator of ["\n\n", "\n"]) {
    if (text.includes(separator))
      return text
        .split(separator)
        .map((part) => translateText(part, catalog, locale, missing))
        .join(separator);
  }
  const error = ERROR_LINE.exec(text);
  if (error) return error[1] + translateText(error[2]!, catalog, locale, missing);
  const scope = SCOPE_LINE.exec(text);
  if (scope) {
    const template = catalog["Scope: {{scopes}}."];
    if (template !== undefined) return template.replace("{{scopes}}", scope[1]!);
    missing?.add("Scope: {{scopes}}.");
    return text;
  }
  const sentences = text.split(SENTENCE_BREAK);
  return sentences
    .map((sentence) => {
      const found = catalog[sentence];
      if (found === undefined) missing?.add(sentence);
      return found ?? sentence;
    })
    .join(locale === "zh-Hans" ? "" : " ");
}

/**
 * A copy of the document with our descriptions, summaries and schema titles in `locale`; property
 * names (even one called "description"), the document's own title (the brand), paths, codes and
 * examples stay as they are. English answers the document itself.
 */
export function translateDocument<T>(document: T, locale: Locale, missing?: Set<string>): T {
  const catalog = CATALOGS[locale];
  if (!catalog) return document;
  const walk = (value: unknown, key: string | null, parent: string | null): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, null, key));
    if (value === null || typeof value !== "object") {
      const ours =
        typeof value === "string" &&
        key !== null &&
        TEXT_KEYS.has(key) &&
        !(parent === "info" && key === "title");
      return ours ? translateText(value, catalog, locale, missing) : value;
    }
    if (key === "example" || key === "examples") return value;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, child]) => [
        name,
        // Below `properties` the keys are field names: a field called "title" is a schema, not text.
        key === "properties" ? walk(child, null, key) : walk(child, name, key),
      ]),
    );
  };
  return walk(document, null, null) as T;
}
