import { KIND_FIELDS } from "@nc/contracts/detection-single";
import type { Locale } from "@nc/contracts/locales";
import {
  lookupsOf,
  needsLiveLookup,
  SERVICES,
  type ServiceDescriptor,
  STANDARD_BAND_STARTS,
} from "@nc/contracts/services";

/** Translates a key of the page's catalogues (an i18next `t` bound to the page's language). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The parts of the customer documentation that the service descriptors already say: which
 * services exist, their names and prices, which part of a result each fills. Written in the
 * content as directives and expanded into markdown before it is rendered, so a new service or
 * look-up kind appears in every language's pages without an edit to them (docs/architecture.md,
 * "One service descriptor").
 *
 * - `{{serviceCodes}}`: every service code, as a list ending in "or";
 * - `{{resultParts}}`: every top-level field of a result, as a list ending in "and";
 * - `{{servicesTable}}`: the table of services (code, name, what it answers, live look-up, parts);
 * - `{{standardPrices}}`: the default standard price list, per service and volume band;
 * - `{{resultKindRows}}`: the rows of the result table for each look-up kind's field;
 * - `{{kindSections}}`: a section for each look-up kind's field, its text the kind's own (`docs`
 *   of the kind's service in the services catalogue, beside its other words).
 */
export function expandCatalogueTables(markdown: string, locale: Locale, t: Translate): string {
  const code = (text: string) => `\`${text}\``;
  const list = (items: string[], type: "conjunction" | "disjunction") =>
    new Intl.ListFormat(locale, { type }).format(items);
  const kindFields = (service: ServiceDescriptor) => lookupsOf(service).map((kind) => KIND_FIELDS[kind]);
  const partsOf = (service: ServiceDescriptor) => [
    "basic",
    ...kindFields(service),
    ...(service.needs.fraud ? ["fraud"] : []),
  ];
  // Table cells hold no line break or pipe: a translation with one would break the table.
  const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
  const row = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;

  const tables: Record<string, () => string> = {
    serviceCodes: () =>
      list(
        SERVICES.map((s) => code(s.code)),
        "disjunction",
      ),
    resultParts: () =>
      list(["basic", ...Object.values(KIND_FIELDS), "fraud", "charged", "sandbox"].map(code), "conjunction"),
    servicesTable: () =>
      [
        row([
          code("service"),
          t("docs:generated.name"),
          t("docs:generated.answers"),
          t("docs:generated.live"),
          t("docs:generated.parts"),
        ]),
        "| --- | --- | --- | --- | --- |",
        ...SERVICES.map((s) =>
          row([
            code(s.code),
            t(`services:${s.code}.name`),
            t(`services:${s.code}.description`),
            needsLiveLookup(s) ? t("docs:generated.yes") : t("docs:generated.no"),
            list(partsOf(s).map(code), "conjunction"),
          ]),
        ),
      ].join("\n"),
    standardPrices: () =>
      [
        row([
          t("docs:generated.service"),
          ...STANDARD_BAND_STARTS.map((from) =>
            from === 0 ? t("docs:generated.firstBand") : t("docs:generated.band", { count: from }),
          ),
        ]),
        `| --- |${" ---: |".repeat(STANDARD_BAND_STARTS.length)}`,
        ...SERVICES.map((s) =>
          row([code(s.code), ...s.standardPricesMicros.map((micros) => (micros / 1_000_000).toFixed(4))]),
        ),
      ].join("\n"),
    resultKindRows: () =>
      Object.entries(KIND_FIELDS)
        .map(([kind, field]) => {
          const users = SERVICES.filter((s) => (lookupsOf(s) as readonly string[]).includes(kind));
          return row([
            code(field),
            t("docs:generated.objectOrNull"),
            t("docs:generated.filledBy", {
              count: users.length,
              services: list(
                users.map((s) => code(s.code)),
                "conjunction",
              ),
            }),
          ]);
        })
        .join("\n"),
    kindSections: () =>
      Object.entries(KIND_FIELDS)
        .map(([kind, field]) => `### ${code(field)}\n\n${t(`services:${kind}.docs`)}`)
        .join("\n\n"),
  };
  return markdown.replace(
    /\{\{\s*(serviceCodes|resultParts|servicesTable|standardPrices|resultKindRows|kindSections)\s*\}\}/g,
    (_m, name: string) => tables[name]!(),
  );
}
