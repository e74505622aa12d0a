import type { NetworkView, SingleCheckView } from "@nc/contracts/detection-single";
import { formatMoney } from "@nc/contracts/money";
import { Card, Descriptions, Progress, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { countryName } from "./countries";

const LEVEL_COLOURS = {
  very_low: "green",
  low: "lime",
  medium: "gold",
  high: "orange",
  very_high: "red",
} as const;
const RECOMMENDATION_COLOURS = { allow: "green", flag: "gold", block: "red" } as const;
const CONNECTIVITY_COLOURS = {
  connected: "green",
  absent: "orange",
  invalid_msisdn: "red",
  undetermined: "default",
} as const;

/**
 * Steps every well-written number takes: the card says how the input was read only when it took
 * another one (a label or quotes removed, letters converted, a digit restored: docs/architecture.md,
 * "Normalisation").
 */
const ORDINARY_STEPS = new Set(["trimmed", "international_plus", "international_00", "default_country"]);

/** The answer for one number: validity and formats, live network status, fraud score, the charge. */
export function CheckResult({ view }: { view: SingleCheckView }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { basic, hlr, mnp, fraud } = view.result;
  const steps = basic.normalisation.steps ?? [];
  const dash = "—";
  const tri = (value: boolean | null | undefined) =>
    value === true ? t("detection:yes") : value === false ? t("detection:no") : t("detection:unknown");
  const network = (n: NetworkView | null | undefined): ReactNode =>
    n
      ? [n.name, n.mcc && n.mnc ? `${n.mcc}-${n.mnc}` : null, n.country].filter(Boolean).join(" · ") || dash
      : dash;
  const country = (code: string | null | undefined) =>
    code ? `${countryName(code, locale)} (${code})` : dash;

  return (
    <Card
      data-testid="detection-result"
      title={
        <Space wrap>
          <span>{t("detection:result.title")}</span>
          <Tag>{t(`services:${view.service}.name`)}</Tag>
          {view.sandbox && (
            <Tag color="purple" data-testid="detection-sandbox">
              {t("detection:result.sandbox")}
            </Tag>
          )}
        </Space>
      }
      extra={
        <span data-testid="detection-cost">
          {t("detection:result.cost", { amount: formatMoney(view.costMicros, view.currency, locale) })}
        </span>
      }
    >
      <Space orientation="vertical" size="large" style={{ width: "100%" }}>
        {view.sandbox && (
          <Typography.Text type="secondary">{t("detection:result.sandboxHelp")}</Typography.Text>
        )}
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title={t("detection:basic.title")}>
          <Descriptions.Item label={t("detection:basic.valid")}>
            <Tag
              data-testid="detection-valid"
              color={basic.valid === true ? "green" : basic.valid === false ? "red" : "default"}
            >
              {tri(basic.valid)}
            </Tag>
            {basic.normalisation.invalidReason && (
              <Typography.Text type="secondary">
                {t(`detection:invalidReason.${basic.normalisation.invalidReason}`, {
                  defaultValue: basic.normalisation.invalidReason,
                })}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.lineType")}>
            {t(`detection:lineType.${basic.lineType}`, { defaultValue: basic.lineType })}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.country")}>
            {basic.country ? `${country(basic.country.iso2)} +${basic.country.dialCode}` : dash}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.carrier")}>
            {network(basic.originalCarrier)}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.e164")}>
            {basic.formats?.e164 ?? basic.e164 ?? dash}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.international")}>
            {basic.formats?.international ?? dash}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.national")}>
            {basic.formats?.national ?? dash}
          </Descriptions.Item>
          <Descriptions.Item label={t("detection:basic.region")}>{basic.region ?? dash}</Descriptions.Item>
          {steps.some((step) => !ORDINARY_STEPS.has(step)) && (
            <Descriptions.Item label={t("detection:basic.readAs")}>
              <span data-testid="detection-steps">
                {steps.map((step) => t(`detection:step.${step}`, { defaultValue: step })).join(" · ")}
              </span>
            </Descriptions.Item>
          )}
        </Descriptions>

        {hlr && (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title={t("detection:hlr.title")}>
            <Descriptions.Item label={t("detection:hlr.connectivity")}>
              <Tag data-testid="detection-connectivity" color={CONNECTIVITY_COLOURS[hlr.connectivity]}>
                {t(`detection:connectivity.${hlr.connectivity}`)}
              </Tag>
              {hlr.error && (
                <Typography.Text type="secondary">
                  {hlr.error.name} ({hlr.error.code})
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("detection:hlr.network")}>
              {network(hlr.currentNetwork)}
            </Descriptions.Item>
            <Descriptions.Item label={t("detection:hlr.roaming")}>
              {tri(hlr.roaming.roaming)}
              {hlr.roaming.country ? ` · ${country(hlr.roaming.country)}` : ""}
            </Descriptions.Item>
            <Descriptions.Item label={t("detection:hlr.ported")}>{tri(hlr.ported)}</Descriptions.Item>
            <Descriptions.Item label={t("detection:hlr.originalNetwork")}>
              {network(hlr.originalNetwork)}
            </Descriptions.Item>
          </Descriptions>
        )}

        {mnp && (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title={t("detection:mnp.title")}>
            <Descriptions.Item label={t("detection:mnp.ported")}>
              <Tag data-testid="detection-ported">
                {t(`detection:ported.${mnp.ported}`, { defaultValue: mnp.ported })}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("detection:mnp.currentNetwork")}>
              {network(mnp.currentNetwork)}
            </Descriptions.Item>
            <Descriptions.Item label={t("detection:mnp.originalNetwork")}>
              {network(mnp.originalNetwork)}
            </Descriptions.Item>
          </Descriptions>
        )}

        {fraud && (
          <Card size="small" title={t("detection:fraud.title")} data-testid="detection-fraud">
            <Space wrap size="large" align="center">
              <Progress
                type="circle"
                size={72}
                percent={fraud.score}
                format={(score) => score}
                strokeColor={fraud.score >= 70 ? "#cf1322" : fraud.score >= 40 ? "#d48806" : "#389e0d"}
              />
              <Space orientation="vertical" size={4}>
                <span>
                  {t("detection:fraud.level")}:{" "}
                  <Tag color={LEVEL_COLOURS[fraud.level]}>{t(`detection:level.${fraud.level}`)}</Tag>
                </span>
                <span>
                  {t("detection:fraud.recommendation")}:{" "}
                  <Tag color={RECOMMENDATION_COLOURS[fraud.recommendation]}>
                    {t(`detection:recommendation.${fraud.recommendation}`)}
                  </Tag>
                </span>
              </Space>
            </Space>
            <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 4 }}>
              {t("detection:fraud.reasons")}
            </Typography.Paragraph>
            {fraud.reasons.length === 0 ? (
              <Typography.Text type="secondary">{t("detection:fraud.noReasons")}</Typography.Text>
            ) : (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {fraud.reasons.map((r) => (
                  <li key={r.code}>
                    {t(`fraud:${r.code}`, { defaultValue: r.code })}{" "}
                    <Typography.Text type="secondary">
                      ({r.weight > 0 ? "+" : ""}
                      {r.weight})
                    </Typography.Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </Space>
    </Card>
  );
}
