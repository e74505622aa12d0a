import { formatMoney } from "@nc/contracts/money";
import { Alert, Card, List, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LinkButton } from "../../../shell/components/link-button";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { JobStatusTag, jobHref, jobWhat } from "../../history";
import { useRecentJobs } from "../../job";

/** The newest checks and jobs, each a link to its results, and a way to the whole history. */
export function RecentJobsCard({ tenantId, canStart }: { tenantId: string; canStart: boolean }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const date = useTenantDate();
  const recent = useRecentJobs(tenantId);
  return (
    <Card
      size="small"
      title={<h2 style={{ font: "inherit", margin: 0 }}>{t("dashboard:home.recentTitle")}</h2>}
      extra={<Link to={to("/dashboard/history")}>{t("dashboard:home.allHistory")}</Link>}
      data-testid="home-recent"
    >
      {recent.isError ? (
        <Alert type="error" showIcon title={errorText(recent.error, t)} />
      ) : (
        <List
          loading={recent.isPending}
          dataSource={recent.data?.items ?? []}
          locale={{
            emptyText: (
              <Space orientation="vertical">
                <Typography.Text type="secondary">{t("dashboard:home.recentEmpty")}</Typography.Text>
                {canStart && (
                  <LinkButton type="primary" href={to("/dashboard/detection")}>
                    {t("dashboard:home.firstCheck")}
                  </LinkButton>
                )}
              </Space>
            ),
          }}
          renderItem={(job) => (
            <List.Item
              extra={<JobStatusTag status={job.status} />}
              style={{ paddingInline: 0 }}
              data-testid="home-recent-job"
            >
              <List.Item.Meta
                title={<Link to={jobHref(to, job, false)}>{jobWhat(t, job, locale)}</Link>}
                description={`${t(`services:${job.service}.name`, { defaultValue: job.service })} · ${date(job.createdAt)} · ${formatMoney(job.chargedMicros, job.currency, locale)}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
