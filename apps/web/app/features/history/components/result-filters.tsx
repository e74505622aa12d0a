import type { JobItemFilter, JobSummaryView } from "@nc/contracts/jobs";
import { JOB_ITEM_STATUSES } from "@nc/contracts/jobs";
import { Button, Flex, Input, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { type Facet, useFacetLabel } from "../facet-labels";

type SelectKey = Exclude<keyof JobItemFilter, "q">;

const SELECTS: { key: SelectKey; facet: Facet; width: number }[] = [
  { key: "status", facet: "status", width: 130 },
  { key: "outcome", facet: "outcome", width: 150 },
  { key: "lineType", facet: "lineType", width: 150 },
  { key: "country", facet: "country", width: 170 },
  { key: "carrier", facet: "carrier", width: 170 },
  { key: "risk", facet: "risk", width: 130 },
];

/**
 * Filters of the result table. The choices are the values the summary counted, so a filter never
 * offers something the job does not hold; the number search matches from the start (E.164 prefix).
 */
export function ResultFilters({
  summary,
  service,
  filter,
  onChange,
}: {
  summary: JobSummaryView | undefined;
  service: string;
  filter: JobItemFilter;
  onChange: (filter: JobItemFilter) => void;
}) {
  const { t } = useTranslation();
  const label = useFacetLabel(service);
  const narrow = useNarrow();
  const [q, setQ] = useState(filter.q ?? "");
  useEffect(() => setQ(filter.q ?? ""), [filter.q]);

  const options = (key: SelectKey, facet: Facet) => {
    const values =
      key === "status"
        ? JOB_ITEM_STATUSES.filter((s) => summary?.status.some((c) => c.value === s && c.n > 0))
        : (summary?.[facet] ?? []).flatMap((c) => (c.value === null ? [] : [c.value]));
    return values.map((value) => ({ value, label: label(facet, value) }));
  };
  const set = (key: keyof JobItemFilter, value: string | undefined) =>
    onChange({ ...filter, [key]: value || undefined });
  const any = Object.values(filter).some(Boolean);

  return (
    <Flex wrap gap={8} aria-label={t("history:results.filters")} data-testid="result-filters">
      <Input.Search
        allowClear
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onSearch={(value) => set("q", value.trim())}
        placeholder={t("history:results.search")}
        aria-label={t("history:results.search")}
        maxLength={40}
        inputMode="tel"
        style={{ width: narrow ? "100%" : 220 }}
        data-testid="result-search"
      />
      {SELECTS.map(({ key, facet, width }) => {
        const choices = options(key, facet);
        if (choices.length === 0 && !filter[key]) return null;
        return (
          <Select
            key={key}
            allowClear
            showSearch={choices.length > 8}
            optionFilterProp="label"
            value={filter[key]}
            onChange={(value?: string) => set(key, value)}
            placeholder={t(`history:summary.${facet}`)}
            aria-label={t(`history:summary.${facet}`)}
            options={choices}
            style={{ width: narrow ? "calc(50% - 4px)" : width }}
            popupMatchSelectWidth={false}
            data-testid={`result-filter-${key}`}
          />
        );
      })}
      {any && (
        <Button onClick={() => onChange({})} data-testid="result-filters-reset">
          {t("history:filters.reset")}
        </Button>
      )}
    </Flex>
  );
}
