import { JOB_CHANNELS, JOB_STATUSES } from "@nc/contracts/detection-single";
import { SERVICES } from "@nc/contracts/services";
import { Button, Col, Form, Input, Row, Select, Space } from "antd";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import type { HistoryFilters } from "../../job";
import type { SelectFilter } from "../select-filters";
import { SubmitterSelect } from "./submitter-select";

type SelectOption = { value: string; label: string };

/**
 * The history's filter bar. Every change applies at once (there is nothing to type that would
 * need a button); dates are calendar days in the organisation's time zone, as the server reads them.
 * On a phone the fields stack two by two and their names move into the placeholders.
 */
export function HistoryFilterBar({
  tenantId,
  onChange,
}: {
  tenantId: string;
  onChange: (filters: HistoryFilters) => void;
}) {
  const { t } = useTranslation();
  const { tenant, can } = useTenantAccess();
  const narrow = useNarrow();
  const [form] = Form.useForm<HistoryFilters>();
  const zone = tenant?.tenant.timezoneCode ?? "UTC";
  const apply = () => {
    const v = form.getFieldsValue();
    onChange({
      from: v.from || undefined,
      to: v.to || undefined,
      service: v.service || undefined,
      status: v.status || undefined,
      channel: v.channel || undefined,
      submittedBy: v.submittedBy || undefined,
    });
  };
  const placeholder = (label: string) => (narrow ? label : t("history:filters.all"));
  const item = narrow ? { marginBottom: 8 } : undefined;
  const width = (min: number) => (narrow ? { width: "100%" } : { minWidth: min });

  /** A one-choice filter: labelled beside it on a wide screen, in its placeholder on a phone. */
  const selectField = (name: SelectFilter, minWidth: number, options: SelectOption[]) => ({
    key: name,
    node: (
      <Form.Item name={name} style={item} label={narrow ? undefined : t(`history:filters.${name}`)}>
        <Select
          allowClear
          aria-label={t(`history:filters.${name}`)}
          placeholder={placeholder(t(`history:filters.${name}`))}
          style={width(minWidth)}
          popupMatchSelectWidth={false}
          data-testid={`history-filter-${name}`}
          options={options}
        />
      </Form.Item>
    ),
  });

  const fields: { key: string; wide?: boolean; node: ReactNode }[] = [
    {
      key: "date",
      wide: true,
      node: (
        <Form.Item
          style={item}
          label={narrow ? undefined : t("history:filters.dateRange")}
          tooltip={narrow ? undefined : t("history:filters.timeZone", { zone })}
          extra={narrow ? t("history:filters.timeZone", { zone }) : undefined}
        >
          <Space.Compact style={narrow ? { width: "100%" } : undefined}>
            <Form.Item name="from" noStyle>
              <Input
                type="date"
                aria-label={t("history:filters.from")}
                style={narrow ? { width: "50%" } : undefined}
                data-testid="history-filter-from"
              />
            </Form.Item>
            <Form.Item name="to" noStyle>
              <Input
                type="date"
                aria-label={t("history:filters.to")}
                style={narrow ? { width: "50%" } : undefined}
                data-testid="history-filter-to"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      ),
    },
    selectField(
      "service",
      170,
      SERVICES.map((s) => ({ value: s.code, label: t(`services:${s.code}.name`) })),
    ),
    selectField(
      "status",
      130,
      JOB_STATUSES.map((s) => ({ value: s, label: t(`history:status.${s}`) })),
    ),
    selectField(
      "channel",
      110,
      JOB_CHANNELS.map((c) => ({ value: c, label: t(`history:channel.${c}`) })),
    ),
  ];
  if (can(["tenant_user:read"]))
    fields.push({
      key: "submittedBy",
      node: (
        <Form.Item
          name="submittedBy"
          style={item}
          label={narrow ? undefined : t("history:filters.submittedBy")}
        >
          <SubmitterSelect
            tenantId={tenantId}
            placeholder={narrow ? t("history:filters.submittedBy") : t("history:filters.anyone")}
            style={width(180)}
          />
        </Form.Item>
      ),
    });
  const reset = (
    <Form.Item style={item}>
      <Button
        onClick={() => {
          form.resetFields();
          apply();
        }}
        data-testid="history-filter-reset"
      >
        {t("history:filters.reset")}
      </Button>
    </Form.Item>
  );

  return (
    <Form<HistoryFilters>
      form={form}
      layout={narrow ? "vertical" : "inline"}
      onValuesChange={apply}
      style={narrow ? undefined : { rowGap: 8 }}
      aria-label={t("history:filters.title")}
      data-testid="history-filters"
    >
      {narrow ? (
        <Row gutter={8}>
          {fields.map((f) => (
            <Col key={f.key} span={f.wide ? 24 : 12}>
              {f.node}
            </Col>
          ))}
          <Col span={24}>{reset}</Col>
        </Row>
      ) : (
        <>
          {fields.map((f) => (
            <Fragment key={f.key}>{f.node}</Fragment>
          ))}
          {reset}
        </>
      )}
    </Form>
  );
}
