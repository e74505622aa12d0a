import { AUDIT_RESOURCES, type AuditEventView } from "@nc/contracts/audit";
import { Alert, App, Button, Form, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangeField } from "../../../shell/components/date-range-field";
import { LoadMore } from "../../../shell/components/load-more";
import { useNarrow } from "../../../shell/device/use-narrow";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { listLoading } from "../../../shell/http/filtered-list";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useMembers } from "../../member";
import { type AuditFilters, useAuditEvents } from "../api/audit-events";
import { useExportAudit } from "../api/export-audit";

interface FilterForm {
  actor?: string;
  action?: string[];
  from?: string;
  to?: string;
}

/** Who did what in the organisation (owners and admins): filters, "load more", CSV download. */
export function AuditTab({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useLocale();
  const date = useTenantDate();
  const narrow = useNarrow();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<AuditFilters>({});
  const list = useAuditEvents(tenantId, locale, filters);
  const members = useMembers(tenantId);
  const exporter = useExportAudit(tenantId, locale);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const wide = narrow ? { width: "100%" } : { minWidth: 220 };

  const download = async () => {
    try {
      await exporter.mutateAsync(filters);
      void message.success(t("tenant:audit.downloadStarted"));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const resourceLabel = (r: string) => t(`tenant:audit.resources.${r}`);

  const actor = (e: AuditEventView) => {
    if (e.actor.type === "operator")
      return `${t("tenant:audit.operator")}${e.actor.name ? ` (${e.actor.name})` : ""}`;
    if (e.actor.type === "system") return t("tenant:audit.system");
    if (e.actor.type === "api_key") return `${t("tenant:audit.apiKey")} ${e.actor.name ?? ""}`;
    return e.actor.name ?? t("tenant:audit.formerUser");
  };

  return (
    <div data-testid="audit-tab">
      <Form
        form={form}
        layout={narrow ? "vertical" : "inline"}
        onFinish={(v) =>
          setFilters({
            actor: v.actor || undefined,
            action: v.action?.length ? v.action : undefined,
            from: v.from || undefined,
            to: v.to || undefined,
          })
        }
        style={{ rowGap: 8, marginBottom: 16 }}
        aria-label={t("tenant:tabs.audit")}
      >
        <Form.Item name="actor" label={t("tenant:audit.person")}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={wide}
            data-testid="audit-filter-person"
            options={(members.data ?? []).map((m) => ({ value: m.userId, label: `${m.name} <${m.email}>` }))}
          />
        </Form.Item>
        <Form.Item name="action" label={t("tenant:audit.action")}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            style={wide}
            data-testid="audit-filter-action"
            options={AUDIT_RESOURCES.map((r) => ({ value: r, label: resourceLabel(r) }))}
          />
        </Form.Item>
        <DateRangeField label={t("tenant:audit.dates")} testId="audit" />
        <Space wrap>
          <Button type="primary" htmlType="submit" data-testid="audit-apply">
            {t("tenant:audit.apply")}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t("tenant:audit.reset")}
          </Button>
          <Button onClick={download} loading={exporter.isPending} data-testid="audit-download">
            {t("tenant:audit.download")}
          </Button>
        </Space>
      </Form>
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error, t)} />
      ) : (
        <>
          <Table<AuditEventView>
            rowKey="id"
            size="middle"
            loading={listLoading(list)}
            dataSource={rows}
            pagination={false}
            scroll={narrow ? undefined : { x: "max-content" }}
            locale={{ emptyText: t("tenant:audit.empty") }}
            data-testid="audit-table"
            // On a phone one column says what, who, when and from where; the wide table would hide
            // the description past the edge.
            columns={
              narrow
                ? [
                    {
                      key: "event",
                      title: t("tenant:audit.what"),
                      render: (_v, e) => (
                        <Space direction="vertical" size={2}>
                          <span>{e.description}</span>
                          <Typography.Text type="secondary">
                            {actor(e)} · {date(e.createdAt)}
                          </Typography.Text>
                          {e.ip ? <Typography.Text type="secondary">{e.ip}</Typography.Text> : null}
                        </Space>
                      ),
                    },
                  ]
                : [
                    { key: "time", title: t("tenant:audit.time"), render: (_v, e) => date(e.createdAt) },
                    {
                      key: "who",
                      title: t("tenant:audit.who"),
                      render: (_v, e) => (
                        <Space direction="vertical" size={0}>
                          <span>{actor(e)}</span>
                          {e.actor.email ? (
                            <Typography.Text type="secondary">{e.actor.email}</Typography.Text>
                          ) : null}
                        </Space>
                      ),
                    },
                    {
                      key: "what",
                      title: t("tenant:audit.what"),
                      render: (_v, e) => (
                        <Space direction="vertical" size={2} style={{ maxWidth: 460 }}>
                          <span>{e.description}</span>
                          <Tag>{resourceLabel(e.action.split(".")[0]!)}</Tag>
                        </Space>
                      ),
                    },
                    {
                      key: "from",
                      title: t("tenant:audit.where"),
                      render: (_v, e) => (
                        <Space direction="vertical" size={0}>
                          <span>{e.ip ?? ""}</span>
                          {e.userAgent ? (
                            <Typography.Text
                              type="secondary"
                              style={{ display: "inline-block", maxWidth: 260 }}
                              ellipsis={{ tooltip: e.userAgent }}
                            >
                              {e.userAgent}
                            </Typography.Text>
                          ) : null}
                        </Space>
                      ),
                    },
                  ]
            }
          />
          <LoadMore
            list={list}
            shown={rows.length}
            moreLabel={t("tenant:audit.loadMore")}
            endLabel={t("tenant:audit.end")}
            testId="audit-more"
          />
        </>
      )}
    </div>
  );
}
