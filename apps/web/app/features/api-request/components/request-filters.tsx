import { API_REQUEST_METHODS } from "@nc/contracts/api-request-log";
import { Button, Form, Input, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import type { ApiRequestFilters } from "../api/api-requests";

/** How far back the list reaches: the log keeps 30 days, the whole of it by default. */
export const REQUEST_PERIODS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 0 } as const;
export type RequestPeriod = keyof typeof REQUEST_PERIODS;

const STATUSES = ["2xx", "4xx", "5xx", "400", "401", "402", "403", "404", "409", "422", "429", "500", "503"];

/** The form's fields: the filters, with a period in place of the time it starts. */
export type RequestFilterForm = Omit<ApiRequestFilters, "from"> & { period?: RequestPeriod };

/** The form's values as the list's filters (the period as its start, from now). */
export function toFilters(v: RequestFilterForm, now = Date.now()): ApiRequestFilters {
  const back = REQUEST_PERIODS[v.period ?? "month"];
  const trimmed = (s?: string) => s?.trim() || undefined;
  return {
    from: back ? new Date(now - back).toISOString() : undefined,
    keyId: v.keyId || undefined,
    status: v.status || undefined,
    method: v.method || undefined,
    path: trimmed(v.path),
    errorCode: trimmed(v.errorCode),
    requestId: trimmed(v.requestId),
  };
}

/** The request log's filters: period, key, status or class, method, path prefix, error code, request id. */
export function RequestFilters(props: {
  keys: { value: string; label: string }[];
  onApply: (filters: ApiRequestFilters) => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [form] = Form.useForm<RequestFilterForm>();
  const wide = narrow ? { width: "100%" } : { minWidth: 160 };
  return (
    <Form
      form={form}
      layout={narrow ? "vertical" : "inline"}
      initialValues={{ period: "month" }}
      onFinish={(v) => props.onApply(toFilters(v))}
      style={{ rowGap: 8 }}
      aria-label={t("apiRequests:filters.label")}
      data-testid="api-request-filters"
    >
      <Form.Item name="period" label={t("apiRequests:filters.period")}>
        <Select
          style={wide}
          data-testid="api-request-filter-period"
          options={[
            { value: "hour", label: t("apiRequests:periods.hour") },
            { value: "day", label: t("apiRequests:periods.day") },
            { value: "week", label: t("apiRequests:periods.week") },
            { value: "month", label: t("apiRequests:periods.month") },
          ]}
        />
      </Form.Item>
      <Form.Item name="keyId" label={t("apiRequests:filters.key")}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ ...wide, minWidth: narrow ? undefined : 220 }}
          data-testid="api-request-filter-key"
          options={props.keys}
        />
      </Form.Item>
      <Form.Item name="status" label={t("apiRequests:filters.status")}>
        <Select
          allowClear
          style={wide}
          data-testid="api-request-filter-status"
          options={STATUSES.map((s) => ({ value: s, label: s }))}
        />
      </Form.Item>
      <Form.Item name="method" label={t("apiRequests:filters.method")}>
        <Select
          allowClear
          style={wide}
          data-testid="api-request-filter-method"
          options={API_REQUEST_METHODS.map((m) => ({ value: m, label: m }))}
        />
      </Form.Item>
      <Form.Item name="path" label={t("apiRequests:filters.path")}>
        <Input allowClear placeholder="/api/v1/jobs" style={wide} data-testid="api-request-filter-path" />
      </Form.Item>
      <Form.Item
        name="errorCode"
        label={t("apiRequests:filters.errorCode")}
        rules={[{ pattern: /^\s*\d{5}\s*$/, message: t("apiRequests:filters.errorCodeFormat") }]}
      >
        <Input
          allowClear
          inputMode="numeric"
          placeholder="40001"
          style={wide}
          data-testid="api-request-filter-code"
        />
      </Form.Item>
      <Form.Item name="requestId" label={t("apiRequests:filters.requestId")}>
        <Input allowClear placeholder="req_…" style={wide} data-testid="api-request-filter-id" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" data-testid="api-request-apply">
          {t("apiRequests:filters.apply")}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            props.onApply({});
          }}
          data-testid="api-request-reset"
        >
          {t("apiRequests:filters.reset")}
        </Button>
      </Space>
    </Form>
  );
}
