import { USAGE_NO_SERVICE, USAGE_RANGE_MAX_DAYS, type UsageByKey } from "@nc/contracts/api-usage";
import { SERVICES } from "@nc/contracts/services";
import { Button, Flex, Input, Segmented, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { PERIOD_PRESETS, type Period, type PeriodPreset, periodProblem } from "../period";
import { useUsageLabels } from "../usage-labels";
import type { UsageFilterState } from "../use-usage-filters";

type PeriodChoice = PeriodPreset | "custom";
const CHOICES: PeriodChoice[] = [...PERIOD_PRESETS, "custom"];
const CHOICE_LABELS: Record<PeriodChoice, string> = {
  last7: "apiUsage:period.last7",
  last30: "apiUsage:period.last30",
  thisMonth: "apiUsage:period.thisMonth",
  lastMonth: "apiUsage:period.lastMonth",
  custom: "apiUsage:period.custom",
};
const PROBLEMS: Record<NonNullable<ReturnType<typeof periodProblem>>, string> = {
  periodIncomplete: "apiUsage:period.incomplete",
  periodBackwards: "apiUsage:period.backwards",
  periodTooLong: "apiUsage:period.tooLong",
};

/**
 * The period (presets or two typed days, in the organisation's time zone) and the key, endpoint
 * and service filters. The filters offer what the period saw, so no choice leads to an empty page.
 */
export function UsageFilterBar({
  state,
  keys,
  endpoints,
  services,
  timeZone,
}: {
  state: UsageFilterState;
  keys: UsageByKey[];
  endpoints: string[];
  services: string[];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const label = useUsageLabels();
  const [draft, setDraft] = useState<Partial<Period>>(state.period);
  const problem = state.preset === "custom" ? periodProblem(draft) : null;
  const serviceCodes = [...new Set([...services, ...SERVICES.map((s) => s.code)])];

  const choose = (choice: PeriodChoice) => {
    if (choice === "custom") {
      setDraft(state.period);
      state.chooseCustom(state.period);
    } else state.choosePreset(choice);
  };
  const type = (next: Partial<Period>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (!periodProblem(merged)) state.chooseCustom(merged as Period);
  };
  const wide = narrow ? { width: "100%" } : undefined;
  const choiceLabel = (c: PeriodChoice) => t(CHOICE_LABELS[c]);

  return (
    <Flex vertical gap={8} data-testid="usage-filters">
      <Flex gap={8} wrap align="center">
        {narrow ? (
          <Select<PeriodChoice>
            value={state.preset}
            onChange={choose}
            style={{ width: "100%" }}
            aria-label={t("apiUsage:period.label")}
            options={CHOICES.map((c) => ({ value: c, label: choiceLabel(c) }))}
            data-testid="usage-period"
          />
        ) : (
          <Segmented<PeriodChoice>
            value={state.preset}
            onChange={choose}
            aria-label={t("apiUsage:period.label")}
            options={CHOICES.map((c) => ({ value: c, label: choiceLabel(c) }))}
            data-testid="usage-period"
          />
        )}
        {state.preset === "custom" && (
          <Space.Compact style={wide}>
            <Input
              type="date"
              value={draft.from ?? ""}
              onChange={(e) => type({ from: e.target.value })}
              aria-label={t("apiUsage:period.from")}
              status={problem ? "error" : undefined}
              style={narrow ? { width: "50%" } : { width: 150 }}
              data-testid="usage-from"
            />
            <Input
              type="date"
              value={draft.to ?? ""}
              onChange={(e) => type({ to: e.target.value })}
              aria-label={t("apiUsage:period.to")}
              status={problem ? "error" : undefined}
              style={narrow ? { width: "50%" } : { width: 150 }}
              data-testid="usage-to"
            />
          </Space.Compact>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {problem
            ? t(PROBLEMS[problem], { max: USAGE_RANGE_MAX_DAYS })
            : t("apiUsage:period.timeZone", { zone: timeZone })}
        </Typography.Text>
      </Flex>
      <Flex gap={8} wrap vertical={narrow}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          value={state.filters.apiKeyId}
          onChange={(apiKeyId?: string) => state.filter({ apiKeyId })}
          placeholder={t("apiUsage:filters.allKeys")}
          aria-label={t("apiUsage:filters.key")}
          style={narrow ? wide : { minWidth: 220 }}
          popupMatchSelectWidth={false}
          options={keys.map((k) => ({ value: k.apiKeyId, label: label.key(k) }))}
          data-testid="usage-filter-key"
        />
        <Select
          allowClear
          value={state.filters.endpoint}
          onChange={(endpoint?: string) => state.filter({ endpoint })}
          placeholder={t("apiUsage:filters.allEndpoints")}
          aria-label={t("apiUsage:filters.endpoint")}
          style={narrow ? wide : { minWidth: 240 }}
          popupMatchSelectWidth={false}
          options={endpoints.map((e) => ({ value: e, label: e }))}
          data-testid="usage-filter-endpoint"
        />
        <Select
          allowClear
          value={state.filters.service}
          onChange={(service?: string) => state.filter({ service })}
          placeholder={t("apiUsage:filters.allServices")}
          aria-label={t("apiUsage:filters.service")}
          style={narrow ? wide : { minWidth: 190 }}
          popupMatchSelectWidth={false}
          options={serviceCodes.map((code) => ({
            value: code === "" ? USAGE_NO_SERVICE : code,
            label: label.service(code),
          }))}
          data-testid="usage-filter-service"
        />
        {state.filtered && (
          <Button onClick={state.clearFilters} data-testid="usage-filter-clear">
            {t("apiUsage:filters.clear")}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
