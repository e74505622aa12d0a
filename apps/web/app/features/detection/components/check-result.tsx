import { KIND_FIELDS, type NetworkView, type SingleCheckView } from "@nc/contracts/detection-single";
import { formatMoney } from "@nc/contracts/money";
import { LOOKUP_KIND_CODES, type LookupKindCode } from "@nc/contracts/services";
import { Card, Progress, Space, Tag, Typography } from "antd";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ResultDescriptions, Unbroken } from "../../../shell/components/result-descriptions";
import { useLocale } from "../../../shell/i18n/use-locale";
import { ANSWER_CARDS, type AnswerCard } from "./answer-cards";
import { AnswerSection } from "./answer-section";
import { networkText } from "./network-text";
import { useAnswerValues } from "./use-answer-values";

const LEVEL_COLOURS = {
  very_low: "green",
  low: "lime",
  medium: "gold",
  high: "orange",
  very_high: "red",
} as const;
const RECOMMENDATION_COLOURS = { allow: "green", flag: "gold", block: "red" } as const;

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
  const { basic, fraud } = view.result;
  const steps = basic.normalisation.steps ?? [];
  const { dash, tri, country } = useAnswerValues();
  const network = (n: NetworkView | null | undefined): ReactNode => networkText(n, dash);

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
        <AnswerSection title={t("detection:basic.title")}>
          <ResultDescriptions.Item label={t("detection:basic.valid")}>
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
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.lineType")}>
            {t(`services:line_type.answer.outcome.${basic.lineType}`, { defaultValue: basic.lineType })}
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.country")}>
            {basic.country ? `${country(basic.country.iso2)} +${basic.country.dialCode}` : dash}
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.carrier")}>
            {network(basic.originalCarrier)}
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.e164")}>
            <Unbroken>{basic.formats?.e164 ?? basic.e164 ?? dash}</Unbroken>
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.international")}>
            <Unbroken>{basic.formats?.international ?? dash}</Unbroken>
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.national")}>
            <Unbroken>{basic.formats?.national ?? dash}</Unbroken>
          </ResultDescriptions.Item>
          <ResultDescriptions.Item label={t("detection:basic.region")}>
            {basic.region ?? dash}
          </ResultDescriptions.Item>
          {steps.some((step) => !ORDINARY_STEPS.has(step)) && (
            <ResultDescriptions.Item label={t("detection:basic.readAs")}>
              <span data-testid="detection-steps">
                {steps.map((step) => t(`detection:step.${step}`, { defaultValue: step })).join(" · ")}
              </span>
            </ResultDescriptions.Item>
          )}
        </AnswerSection>

        {LOOKUP_KIND_CODES.map((kind) => (
          <Fragment key={kind}>
            {(ANSWER_CARDS[kind] as AnswerCard<LookupKindCode>)(view.result[KIND_FIELDS[kind]], view)}
          </Fragment>
        ))}

        {fraud && (
          <Card size="small" title={t("detection:fraud.title")} data-testid="detection-fraud">
            <Space wrap size="large" align="center">
              <Progress
                aria-label={t("detection:fraud.title")}
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
