import { formatMoney } from "@nc/contracts/money";
import type { ServicePriceView } from "@nc/contracts/prices";
import { theme } from "antd";
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useVisitorPrices } from "../api/visitor-prices";

/** The volume bands every listed service shares, ascending; a service's own bands where they differ. */
function sharedBands(services: ServicePriceView[]): number[] | null {
  const first = services[0]?.bands.map((b) => b.minMonthlyVolume) ?? [];
  const same = services.every((s) => s.bands.map((b) => b.minMonthlyVolume).join() === first.join());
  return same && first.length > 0 ? first : null;
}

/**
 * The brand's prices per number as a new customer meets them, per service and monthly volume band
 * (the home page's "How pricing works"). Rendered from the page's own data: nothing shows when the
 * list could not be read, rather than figures that might not be this brand's.
 */
export function VisitorPriceList() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { cssVar } = theme.useToken();
  const prices = useVisitorPrices();
  const captionId = useId();
  const services = prices.data?.services ?? [];
  if (services.length === 0) return null;
  const bands = sharedBands(services);
  const volume = (n: number) =>
    n === 0 ? t("home:pricing.firstBand") : t("home:pricing.fromVolume", { volume: n });
  const cell = (s: ServicePriceView, from: number) => {
    const band = s.bands.find((b) => b.minMonthlyVolume === from);
    return band ? formatMoney(band.priceMicros, s.currency, locale) : "–";
  };
  const line = `1px solid ${cssVar.colorBorderSecondary}`;
  const head: CSSProperties = { textAlign: "start", padding: "6px 8px", borderBottom: line, fontWeight: 600 };
  const num: CSSProperties = {
    textAlign: "end",
    padding: "6px 8px",
    borderBottom: line,
    whiteSpace: "nowrap",
  };
  return (
    // A narrow screen scrolls the table itself; the region is focusable so a keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-labelledby={captionId} tabIndex={0} style={{ overflowX: "auto", marginTop: 32 }}>
      <table style={{ width: "100%", borderCollapse: "collapse", fontSize: 14, color: cssVar.colorText }}>
        <caption
          id={captionId}
          style={{ captionSide: "top", textAlign: "start", fontWeight: 600, paddingBottom: 8 }}
        >
          {t("home:pricing.listCaption")}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={head}>
              {t("home:pricing.service")}
            </th>
            {bands ? (
              bands.map((from) => (
                <th scope="col" key={from} style={{ ...num, whiteSpace: "normal", fontWeight: 600 }}>
                  {volume(from)}
                </th>
              ))
            ) : (
              <th scope="col" style={head}>
                {t("home:pricing.perNumberHeading")}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {services.map((s) => (
            <tr key={s.service}>
              <th scope="row" style={{ ...head, fontWeight: 400 }}>
                {t(`services:${s.service}.name`)}
              </th>
              {bands ? (
                bands.map((from) => (
                  <td key={from} style={num}>
                    {cell(s, from)}
                  </td>
                ))
              ) : (
                <td style={{ ...num, whiteSpace: "normal" }}>
                  {s.bands
                    .map(
                      (b) =>
                        `${volume(b.minMonthlyVolume)}: ${formatMoney(b.priceMicros, s.currency, locale)}`,
                    )
                    .join(" · ")}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ color: cssVar.colorTextSecondary, marginTop: 8 }}>{t("home:pricing.listNote")}</p>
    </section>
  );
}
