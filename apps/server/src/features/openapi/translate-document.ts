import type { Locale } from "@nc/contracts/locales";
import enServices from "@nc/contracts/locales/en/services.json";
import esServices from "@nc/contracts/locales/es/services.json";
import ptServices from "@nc/contracts/locales/pt/services.json";
import zhServices from "@nc/contracts/locales/zh-Hans/services.json";
import es from "./translations/es.json";
import pt from "./translations/pt.json";
import zhHans from "./translations/zh-Hans.json";

type Catalog = Record<string, string>;

/**
 * A language's sentences: its catalog, plus the words of each look-up kind's answer, which live
 * with the kind's other words in the `services` catalogue (`api`, docs/providers.md, "Look-up
 * kinds"): each English text there is paired with the text at the same place in the language's.
 */
function withKindWords(
  catalog: Catalog,
  english: Record<string, unknown>,
  words: Record<string, unknown>,
): Catalog {
  const pairs: Catalog = {};
  const walk = (en: unknown, said: unknown) => {
    if (typeof en === "string" && typeof said === "string") pairs[en] = said;
    else if (en && typeof en === "object" && said && typeof said === "object")
      for (const [key, value] of Object.entries(en)) walk(value, (said as Record<string, unknown>)[key]);
  };
  for (const [code, entry] of Object.entries(english))
    walk((entry as { api?: unknown }).api, (words[code] as { api?: unknown } | undefined)?.api);
  return { ...pairs, ...catalog };
}

/**
 * The descriptions we write in the OpenAPI document, by their English sentence (docs/architecture.md,
 * "Documentation site"). Keyed by the English text rather than by id because the document is built
 * from many places (route schemas' `.meta`, PUBLIC_API_OPERATIONS, error meanings); the test
 * `openapi-locales.test.ts` fails on any sentence a catalog lacks, so a new description cannot
 * ship untranslated.
 */
const CATALOGS: Partial<Record<Locale, Catalog>> = {
  "zh-Hans": withKindWords(zhHans, enServices, zhServices),
  es: withKindWords(es, enServices, esServices),
  pt: withKindWords(pt, enServices, ptServices),
};

/** The keys whose text is ours to translate; everything else (names, paths, codes, enums) stays. */
const TEXT_KEYS = new Set(["description", "summary", "title"]);
const ERROR_LINE = /^(- `\d+` )(.*)$/;
/** A sentence ends at . ! ? before a capital, a backtick or bold markup (how the catalogs are cut). */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z`*])/;
/** A list of codes as the English text writes it: "`a`", "`a` and `b`", "`a`, `b` and `c`". */
const CODE_LIST = /^`[^`]+`(?:(?:, | and )`[^`]+`)*$/;

interface Template {
  pattern: RegExp;
  names: string[];
  said: string;
  length: number;
}

const templateCache = new WeakMap<Catalog, Template[]>();

/**
 * The catalog's sentences with placeholders ("Present for {{services}}.", "Scope: {{scopes}}."),
 * each as a pattern matching the English sentence with any text in place of its placeholders.
 */
function templatesOf(catalog: Catalog): Template[] {
  let templates = templateCache.get(catalog);
  if (!templates) {
    templates = Object.entries(catalog)
      .filter(([english]) => english.includes("{{"))
      .map(([english, said]) => {
        const names: string[] = [];
        const source = english
          .split(/(\{\{\w+\}\})/)
          .map((piece) => {
            const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
            if (!name) return piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
            names.push(name);
            return "(.+?)";
          })
          .join("");
        return { pattern: new RegExp(`^${source}$`), names, said, length: english.length };
      })
      // The longest first: "Present for {{services}} and a United States number; …" before
      // "Present for {{services}}.", which would also match it.
      .sort((a, b) => b.length - a.length);
    templateCache.set(catalog, templates);
  }
  return templates;
}

/**
 * A sentence in the catalog's language: as written in the catalog, or by a sentence with
 * placeholders, whose values are kept (a list of codes joined in the language's own way).
 */
function lookUp(text: string, catalog: Catalog, locale: Locale): string | undefined {
  const said = catalog[text];
  if (said !== undefined) return said;
  // A placeholder stands in one sentence: a text of several is looked up sentence by sentence.
  if (SENTENCE_BREAK.test(text) || text.includes("\n")) return undefined;
  for (const template of templatesOf(catalog)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    return template.names.reduce((out, name, i) => {
      const value = match[i + 1]!;
      const listed = CODE_LIST.test(value)
        ? new Intl.ListFormat(locale, { type: "conjunction" }).format(value.match(/`[^`]+`/g)!)
        : value;
      return out.replace(`{{${name}}}`, listed);
    }, template.said);
  }
  return undefined;
}

/**
 * One text in the catalog's language: paragraphs, lines, the error lists' lines (`- \`40001\` …`,
 * the code kept) and sentences are looked up one by one; a piece the catalog lacks stays English
 * and is reported to `missing`.
 */
export function translateText(text: string, catalog: Catalog, locale: Locale, missing?: Set<string>): string {
  const whole = lookUp(text, catalog, locale);
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
  const sentences = text.split(SENTENCE_BREAK);
  return sentences
    .map((sentence) => {
      const found = lookUp(sentence, catalog, locale);
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
