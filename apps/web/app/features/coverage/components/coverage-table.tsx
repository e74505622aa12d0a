import type { CoverageCountryView } from "@nc/contracts/coverage";
import { SERVICES } from "@nc/contracts/services";
import { Input } from "antd";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { countryName } from "../../../shell/components/countries";
import { useLocale } from "../../../shell/i18n/use-locale";
import { filterCountries, type NamedCountry } from "../country-filter";
import { ServiceCell } from "./service-cell";

/**
 * Every country with each service's availability, price and measured answers, searchable by the
 * country's name in the page's language, its code or its calling code. A table from 576 px; below,
 * each country is a card (coverage.css), laid out by CSS so the server's first paint is right.
 */
export function CoverageTable({ countries }: { countries: readonly CoverageCountryView[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const searchId = useId();
  const named = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return countries
      .map((c): NamedCountry => ({ ...c, name: countryName(c.country, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, locale]);
  const shown = filterCountries(named, deferred);
  const serviceNames = SERVICES.map((s) => t(`services:${s.code}.name`));

  return (
    <div className="cov-list">
      <div className="cov-search">
        <label htmlFor={searchId}>{t("coverage:search.label")}</label>
        <Input
          id={searchId}
          type="search"
          allowClear
          value={query}
          placeholder={t("coverage:search.placeholder")}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="cov-count" aria-live="polite">
          {t("coverage:count", { count: shown.length })}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="cov-empty">{t("coverage:empty", { query: deferred.trim() })}</p>
      ) : (
        <div className="cov-scroll">
          <table className="cov-table" data-testid="coverage-table">
            <caption className="cov-caption">{t("coverage:caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("coverage:country")}</th>
                {serviceNames.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.country} data-testid={`coverage-${c.country}`}>
                  <th scope="row">
                    <span className="cov-country">{c.name}</span>
                    <span className="cov-code">
                      +{c.callingCode} · {c.country}
                    </span>
                  </th>
                  {SERVICES.map((service, i) => {
                    // By the header's order; a service the server does not know yet is an empty cell.
                    const found = c.services.find((s) => s.service === service.code);
                    return found ? (
                      <ServiceCell key={service.code} service={found} label={serviceNames[i]!} />
                    ) : (
                      <td key={service.code} />
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
