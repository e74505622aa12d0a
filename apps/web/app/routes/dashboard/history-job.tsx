import { ArrowLeftOutlined } from "@ant-design/icons";
import type { JobItemFilter, JobItemView } from "@nc/contracts/jobs";
import { Alert, Card, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { DownloadButtons } from "../../features/history/components/download-buttons";
import { ItemDrawer } from "../../features/history/components/item-drawer";
import { JobHeader } from "../../features/history/components/job-header";
import { ResultFilters } from "../../features/history/components/result-filters";
import { ResultTable } from "../../features/history/components/result-table";
import { SummaryCharts } from "../../features/history/components/summary-charts";
import { useFollowJob } from "../../features/history/use-follow-job";
import { OPEN_JOB_STATUSES, useJob } from "../../features/job/api/job";
import { useJobItems } from "../../features/job/api/job-items";
import type { JobScope } from "../../features/job/api/job-scope";
import { useJobSummary } from "../../features/job/api/job-summary";
import { LoadMore } from "../../shell/components/load-more";
import { useNarrow } from "../../shell/device/use-narrow";
import { errorText } from "../../shell/forms/api-error-feedback";
import { ApiError } from "../../shell/http/api-error";
import { listLoading } from "../../shell/http/filtered-list";
import { useLocale } from "../../shell/i18n/use-locale";
import { requireRecord } from "../../shell/record-page.server";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import type { Route } from "./+types/history-job";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Partner staff open a customer's job with ?scope=partner; the job is looked up the same way.
  const scope = new URL(request.url).searchParams.get("scope") === "partner" ? "?scope=partner" : "";
  await requireRecord(request, context, params.id, (id) => `/api/tenant/job/s/${id}${scope}`);
  return null;
}

/** history/:id: one job's (or single check's) progress, summary charts, results and downloads. */
export default function HistoryJobPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  // Partner staff open a customer's job from the partner view of the history.
  const [params] = useSearchParams();
  const scope: JobScope = params.get("scope") === "partner" ? "partner" : undefined;
  const { to } = useLocale();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const [filter, setFilter] = useState<JobItemFilter>({});
  const [opened, setOpened] = useState<JobItemView | null>(null);
  const job = useJob(tenantId, id, scope);
  const live = job.data ? OPEN_JOB_STATUSES.includes(job.data.status) : false;
  const summary = useJobSummary(tenantId, id, live, scope);
  const items = useJobItems(tenantId, id, filter, scope);
  useFollowJob(tenantId, id, job.data?.status, summary.dataUpdatedAt);
  const rows = items.data?.pages.flatMap((p) => p.items) ?? [];
  const hasRejected = (summary.data?.status ?? []).some((c) => c.value === "rejected" && c.n > 0);

  const narrow = useNarrow();
  const downloads = job.data && (
    <DownloadButtons
      tenantId={tenantId}
      jobId={job.data.id}
      filter={filter}
      hasRejected={hasRejected}
      scope={scope}
    />
  );

  const back = (
    <Link to={to("/dashboard/history")} data-testid="history-back">
      <ArrowLeftOutlined /> {t("history:job.back")}
    </Link>
  );
  if (job.isPending) return <Skeleton active />;
  if (job.isError)
    return (
      <Space orientation="vertical">
        {back}
        <Alert
          type={job.error instanceof ApiError && job.error.status === 404 ? "warning" : "error"}
          showIcon
          title={
            job.error instanceof ApiError && job.error.status === 404
              ? t("history:job.notFound")
              : errorText(job.error, t)
          }
          data-testid="job-error"
        />
      </Space>
    );

  const j = job.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      {back}
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t("history:job.title")}
      </Typography.Title>
      <JobHeader job={j} tenantId={tenantId} readOnly={scope === "partner"} />
      {summary.isError ? (
        <Alert type="error" showIcon title={errorText(summary.error, t)} />
      ) : summary.data ? (
        <SummaryCharts
          summary={summary.data}
          service={j.service}
          filter={filter}
          onSelect={(key, value) => setFilter((f) => ({ ...f, [key]: f[key] === value ? undefined : value }))}
        />
      ) : (
        <Skeleton active />
      )}
      <Card
        title={t("history:results.title")}
        extra={!narrow && downloads}
        size={narrow ? "small" : undefined}
      >
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          {narrow && downloads}
          <ResultFilters summary={summary.data} service={j.service} filter={filter} onChange={setFilter} />
          {items.isError ? (
            <Alert type="error" showIcon title={errorText(items.error, t)} data-testid="result-error" />
          ) : (
            <ResultTable
              items={rows}
              service={j.service}
              currency={j.currency}
              loading={listLoading(items)}
              onOpen={setOpened}
            />
          )}
          <LoadMore
            list={items}
            shown={rows.length}
            moreLabel={t("history:list.loadMore")}
            endLabel={t("history:results.end")}
            testId="result-load-more"
            marginTop={0}
          />
        </Space>
      </Card>
      <ItemDrawer job={j} item={opened} onClose={() => setOpened(null)} />
    </Space>
  );
}
