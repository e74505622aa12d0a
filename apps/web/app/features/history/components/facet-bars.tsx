import type { FacetCount } from "@nc/contracts/jobs";
import { Button, Card, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FacetBar } from "../../../shell/components/facet-bar";
import { useLocale } from "../../../shell/i18n/use-locale";
import { type Facet, useFacetLabel } from "../facet-labels";
import { facetTone, type Tone } from "../tones";

/** Bars shown before "show all": enough for the common values without a wall of ones. */
const FIRST = 6;

/**
 * One facet of the summary as horizontal bars: label, count and share. Plain divs coloured from the
 * theme's tokens, so they follow light and dark mode without a chart library. A value that can be
 * filtered by is a button: clicking it filters the result table to that value (again: clears it).
 */
export function FacetBars({
  facet,
  title,
  counts,
  service,
  selected,
  onSelect,
}: {
  facet: Facet;
  title: string;
  counts: FacetCount[];
  service: string;
  selected?: string;
  onSelect?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const { locale } = useLocale();
  const label = useFacetLabel(service);
  const [all, setAll] = useState(false);
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const max = Math.max(1, ...counts.map((c) => c.n));
  const colours: Record<Tone, string> = {
    success: cssVar.colorSuccess,
    warning: cssVar.colorWarning,
    error: cssVar.colorError,
    info: cssVar.colorPrimary,
    neutral: cssVar.colorTextQuaternary,
  };
  const shown = all ? counts : counts.slice(0, FIRST);

  return (
    <Card size="small" title={title} style={{ height: "100%" }} data-testid={`summary-${facet}`}>
      {counts.length === 0 ? (
        <Typography.Text type="secondary">{t("history:summary.empty")}</Typography.Text>
      ) : (
        <ul
          style={{
            listStyle: "none",
            margin: 0,
            padding: 0,
            display: "grid",
            gridTemplateColumns: "minmax(0, 1fr)",
            gap: 4,
          }}
        >
          {shown.map((c) => (
            <li key={c.value ?? "\u0000none"} style={{ minWidth: 0 }}>
              <FacetBar
                text={label(facet, c.value)}
                count={`${c.n.toLocaleString(locale)} · ${total > 0 ? Math.round((c.n / total) * 100) : 0}%`}
                width={Math.max((c.n / max) * 100, 1)}
                colour={colours[facetTone(facet, c.value)]}
                active={selected !== undefined && selected === c.value}
                onClick={onSelect && c.value !== null ? () => onSelect(c.value!) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {counts.length > FIRST && (
        <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setAll((a) => !a)}>
          {all ? t("history:summary.showFewer") : t("history:summary.showAll", { n: counts.length })}
        </Button>
      )}
    </Card>
  );
}
