import type { SingleCheckView } from "@nc/contracts/detection-single";
import type { DraftView } from "@nc/contracts/jobs";
import {
  isServiceCode,
  needsLiveLookup,
  SERVICES,
  type ServiceCode,
  serviceOf,
} from "@nc/contracts/services";
import { HydrationBoundary } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Row,
  Segmented,
  Skeleton,
  Space,
  Typography,
} from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { useCheckNumber } from "../../features/detection/api/check-number";
import { ServicePicker } from "../../features/detection/components/service-picker";
import { UsOnlyNote } from "../../features/detection/components/us-only-note";
import { useJob } from "../../features/job/api/job";
import { discardJob, useSubmitJob } from "../../features/job/api/job-actions";
import { priceQuotePath, priceQuoteQuery } from "../../features/price/api/price-quote";
import { CountrySelect } from "../../shell/components/country-select";
import { useReveal } from "../../shell/device/use-reveal";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { ApiError } from "../../shell/http/api-error";
import { useLocale } from "../../shell/i18n/use-locale";
import { lazyComponent } from "../../shell/lazy-component";
import { serverQueries } from "../../shell/query/server-queries.server";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import type { Route } from "./+types/detection";

// The page arrives with the single-number entry only. The list and file entries, the review of a
// draft, a check's answer and a job's progress are each fetched when first shown, or on a sign
// that they soon will be (docs/performance.md, "A phone as slow as Lighthouse's reference").
const ListEntry = lazyComponent(() => import("../../features/job/components/list-entry"), "ListEntry");
const FileEntry = lazyComponent(() => import("../../features/job/components/file-entry"), "FileEntry");
const DraftSummary = lazyComponent(
  () => import("../../features/job/components/draft-summary"),
  "DraftSummary",
);
const CheckResult = lazyComponent(
  () => import("../../features/detection/components/check-result"),
  "CheckResult",
);
const JobHeader = lazyComponent(() => import("../../features/history/components/job-header"), "JobHeader");

/** The entries a person is about to switch to (pointer over, or focus on, the mode switch). */
const prefetchEntries = () => {
  ListEntry.prefetch();
  FileEntry.prefetch();
};

/** Each service's price for one number, answered with the page (shell/query/server-queries.server.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const tenantId = context.tenant?.tenant.id;
  if (!tenantId) return { queries: undefined };
  const quotes = SERVICES.map(({ code }) => ({ service: code, quantity: 1 }));
  return {
    queries: await serverQueries(
      context,
      quotes.map((quote) => ({
        queryKey: priceQuoteQuery(tenantId, quote).queryKey,
        path: priceQuotePath(quote),
      })),
    ),
  };
}

type Mode = "single" | "list" | "file";

interface SingleValues {
  number: string;
  defaultCountry?: string;
  fresh?: boolean;
}

/** One number, answered on screen at once. */
function SingleEntry({ tenantId, service }: { tenantId: string; service: ServiceCode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SingleValues>();
  const [view, setView] = useState<SingleCheckView | null>(null);
  const check = useCheckNumber(tenantId);
  const submit = async (values: SingleValues) => {
    setView(null);
    // Fetched while the number is checked, so the answer shows as soon as it comes.
    CheckResult.prefetch();
    try {
      setView(
        await check.mutateAsync({
          service,
          number: values.number,
          defaultCountry: values.defaultCountry,
          fresh: needsLiveLookup(service) ? Boolean(values.fresh) : undefined,
        }),
      );
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };
  const failure = check.error instanceof ApiError && check.error.fields.length === 0 ? check.error : null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Paragraph type="secondary">{t("detection:single.help")}</Typography.Paragraph>
      <Form<SingleValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="number"
          label={t("detection:single.number")}
          rules={[{ required: true, whitespace: true, message: t("validation:required") }]}
        >
          <Input
            data-testid="detection-number"
            placeholder={t("detection:single.numberPlaceholder")}
            maxLength={64}
            inputMode="tel"
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          name="defaultCountry"
          label={t("detection:single.defaultCountry")}
          extra={t("detection:single.defaultCountryHelp")}
        >
          <CountrySelect testId="detection-country" />
        </Form.Item>
        {needsLiveLookup(service) && (
          <Form.Item name="fresh" valuePropName="checked" extra={t("detection:single.freshHelp")}>
            <Checkbox data-testid="detection-fresh">{t("detection:single.fresh")}</Checkbox>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={check.isPending} data-testid="detection-submit">
          {t("detection:single.submit")}
        </Button>
      </Form>
      {failure && (
        <Alert type="error" showIcon message={errorText(failure, t)} data-testid="detection-error" />
      )}
      {view && (
        <Suspense fallback={<Skeleton active />}>
          <CheckResult view={view} />
        </Suspense>
      )}
    </Space>
  );
}

/**
 * Detection (docs/architecture.md, "What a person meets first"): pick a service with its price, then check one number at once, or read a
 * pasted list or a file into a draft, see what it will cost, submit it and follow its progress.
 */
export default function DetectionPage() {
  const { queries } = useLoaderData<typeof loader>();
  return (
    <HydrationBoundary state={queries}>
      <Detection />
    </HydrationBoundary>
  );
}

function Detection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const { to } = useLocale();
  const tenantId = tenant?.tenant.id ?? "";
  // "Start" on the dashboard home opens the page with its service chosen (?service=hlr).
  const [params] = useSearchParams();
  const asked = params.get("service") ?? "";
  const [service, setService] = useState<ServiceCode>(isServiceCode(asked) ? asked : "basic");
  const [mode, setMode] = useState<Mode>("single");
  const [draft, setDraft] = useState<DraftView | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const submit = useSubmitJob(tenantId);
  const job = useJob(tenantId, jobId);
  // The review (cost, balance after, confirm) appears under the entry card: bring it into view.
  const review = useReveal<HTMLDivElement, HTMLHeadingElement>(draft && mode !== "single" ? draft.id : null);

  const changeService = (next: ServiceCode) => {
    // A draft was priced for the previous service: read the numbers again for the new one.
    if (draft) void discardJob(draft.id).catch(() => undefined);
    setDraft(null);
    setService(next);
  };
  const submitDraft = async () => {
    if (!draft) return;
    try {
      const queued = await submit.mutateAsync(draft.id);
      setDraft(null);
      setJobId(queued.id);
    } catch (error) {
      showApiError(error, t, message);
    }
  };
  const discard = () => {
    if (draft) void discardJob(draft.id).catch(() => undefined);
    setDraft(null);
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 0 }}>
        {t("detection:title")}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title={t("detection:service.title")}>
            <ServicePicker tenantId={tenantId} value={service} onChange={changeService} />
            {serviceOf(service).needs.fraud && (
              <Link to={to("/dashboard/detection/fraud-lists")} data-testid="detection-fraud-lists">
                {t("detection:fraudLists")}
              </Link>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t("detection:entry.title")}>
            <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
              <UsOnlyNote service={service} />
              <Segmented<Mode>
                block
                data-testid="detection-mode"
                onPointerEnter={prefetchEntries}
                onFocus={prefetchEntries}
                value={mode}
                onChange={(next) => {
                  discard();
                  setMode(next);
                }}
                options={[
                  { value: "single", label: t("detection:entry.single") },
                  { value: "list", label: t("detection:entry.list") },
                  { value: "file", label: t("detection:entry.file") },
                ]}
              />
              {mode === "single" && <SingleEntry tenantId={tenantId} service={service} />}
              <Suspense fallback={<Skeleton active />}>
                {mode === "list" && <ListEntry service={service} onDraft={setDraft} />}
                {mode === "file" && <FileEntry service={service} onDraft={setDraft} />}
              </Suspense>
            </Space>
          </Card>
        </Col>
      </Row>
      {draft && mode !== "single" && (
        <Card
          ref={review.section}
          data-testid="detection-review"
          title={
            <h2 ref={review.heading} tabIndex={-1} style={{ font: "inherit", margin: 0 }}>
              {t("detection:draft.title")}
            </h2>
          }
        >
          <Suspense fallback={<Skeleton active />}>
            <DraftSummary
              draft={draft}
              submitting={submit.isPending}
              onSubmit={submitDraft}
              onDiscard={discard}
            />
          </Suspense>
        </Card>
      )}
      {job.data && (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Suspense fallback={<Skeleton active />}>
            <JobHeader job={job.data} tenantId={tenantId} />
          </Suspense>
          <Link to={to(`/dashboard/history/${job.data.id}`)} data-testid="job-results-link">
            <Button type="primary">{t("detection:progress.results")}</Button>
          </Link>
        </Space>
      )}
    </Space>
  );
}
