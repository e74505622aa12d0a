import { formatMoney } from "@nc/contracts/money";
import { Card, Flex, Progress, Spin, Tag, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { OPEN_JOB_STATUSES } from "../../job";
import { chargeableOf } from "../chargeable";
import { jobHref, ownerSuffix } from "../job-href";
import { outcomeText } from "../progress-text";
import type { HistoryRowsProps } from "./history-rows-props";
import { JobStatusTag } from "./job-status-tag";
import { jobWhat } from "./job-what";

/** The history on a phone: one card per row, the whole card a link to the result view. */
export function HistoryCards({ rows, loading, empty, partner = false }: HistoryRowsProps) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const { locale, to } = useLocale();
  const date = useTenantDate();
  const n = (value: number) => value.toLocaleString(locale);
  if (loading) return <Spin style={{ display: "block", margin: "24px auto" }} />;
  if (rows.length === 0) return empty;
  return (
    <Flex vertical gap={8} data-testid="history-cards">
      {rows.map((r) => {
        const of = chargeableOf(r);
        const open = OPEN_JOB_STATUSES.includes(r.status);
        return (
          <Link
            key={r.id}
            to={jobHref(to, r, partner)}
            data-testid="history-open"
            style={{ color: "inherit" }}
          >
            <Card size="small" hoverable styles={{ body: { display: "grid", gap: 4 } }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong ellipsis style={{ color: cssVar.colorLink }}>
                  {jobWhat(t, r, locale)}
                  {ownerSuffix(r, partner)}
                </Typography.Text>
                <Flex gap={4}>
                  {r.sandbox && (
                    <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                      {t("history:job.sandbox")}
                    </Tag>
                  )}
                  <JobStatusTag status={r.status} />
                </Flex>
              </Flex>
              <Typography.Text type="secondary">
                {t(`services:${r.service}.name`, { defaultValue: r.service })} · {date(r.createdAt)}
              </Typography.Text>
              {open && of > 0 && (
                <Progress
                  aria-label={t("common:a11y.progress")}
                  percent={Math.floor(((r.done + r.failed) / of) * 100)}
                  size="small"
                  status="active"
                />
              )}
              <Flex justify="space-between" gap={8} wrap>
                <span data-testid="history-outcome">
                  {open
                    ? t("history:list.checked", { done: n(r.done), of: n(of) })
                    : outcomeText(t, r, locale)}
                </span>
                <span>{formatMoney(r.chargedMicros, r.currency, locale)}</span>
              </Flex>
              <Typography.Text type="secondary">
                {r.submittedBy?.name ?? "—"}
                {r.channel === "api" ? ` · ${t("history:channel.api")}` : ""}
              </Typography.Text>
            </Card>
          </Link>
        );
      })}
    </Flex>
  );
}
