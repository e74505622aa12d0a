import {
  COVERAGE_MIN_LOOKUPS,
  type CoverageAvailability,
  type CoverageServiceView,
} from "@nc/contracts/coverage";
import { formatMoney } from "@nc/contracts/money";
import { needsLiveLookup, SERVICES } from "@nc/contracts/services";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";

/** The mark beside each availability: colour only repeats what the words say. */
const MARKS: Record<CoverageAvailability, string> = {
  yes: "cov-mark-yes",
  sample: "cov-mark-sample",
  no: "cov-mark-no",
};

const isLive = (code: string) => {
  const service = SERVICES.find((s) => s.code === code);
  return service ? needsLiveLookup(service) : false;
};

/** One service in one country: availability, the visitor's price, and the week's figures of live services. */
export function ServiceCell({ service, label }: { service: CoverageServiceView; label: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const stats = service.stats;
  const measured = stats !== null && stats.answeredShare !== null && stats.medianLatencyMs !== null;
  return (
    <td data-label={label}>
      <span className="cov-availability">
        <span className={`cov-mark ${MARKS[service.available]}`} aria-hidden="true" />
        {t(`coverage:available.${service.available}`)}
      </span>
      {service.available !== "no" && (
        <span className="cov-price">
          {service.priceMicros !== null && service.currency !== null
            ? t("coverage:perNumber", { price: formatMoney(service.priceMicros, service.currency, locale) })
            : t("coverage:noPrice")}
        </span>
      )}
      {service.available === "yes" && isLive(service.service) && (
        <span className="cov-stats">
          {measured
            ? t("coverage:measured", {
                share: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(
                  stats.answeredShare!,
                ),
                ms: new Intl.NumberFormat(locale).format(stats.medianLatencyMs!),
              })
            : t("coverage:notEnoughData", { min: COVERAGE_MIN_LOOKUPS })}
        </span>
      )}
    </td>
  );
}
