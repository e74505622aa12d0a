import type { FraudListEntryView, FraudListKind } from "@nc/contracts/fraud-lists";
import { FRAUD_LIST_BATCH_MAX } from "@nc/contracts/fraud-lists";
import { App, Button, Card, Form, Input, Popconfirm, Space, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { splitList } from "../../job";
import { useChangeFraudLists } from "../api/change-fraud-lists";

interface AddValues {
  entries: string;
  note?: string;
}

/** One list: its entries (searchable, removable) and, for those who may, a box to add more. */
export function FraudListCard(props: {
  tenantId: string;
  kind: FraudListKind;
  entries: FraudListEntryView[];
  max: number;
  canEdit: boolean;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const date = useTenantDate();
  const [form] = Form.useForm<AddValues>();
  const [search, setSearch] = useState("");
  const change = useChangeFraudLists(props.tenantId);
  const shown = useMemo(() => {
    const digits = search.replace(/\D/g, "");
    return digits ? props.entries.filter((e) => e.entry.includes(digits)) : props.entries;
  }, [props.entries, search]);

  const add = async (values: AddValues) => {
    const entries = splitList(values.entries);
    try {
      const result = await change.add.mutateAsync({ kind: props.kind, entries, note: values.note });
      form.resetFields();
      void message.success(
        t("fraudLists:added", { count: result.added, n: result.added.toLocaleString(i18n.language) }),
      );
    } catch (error) {
      // entries.N names a line of the box: show it there, with the line number.
      showApiError(error, t, message);
    }
  };

  return (
    <Card
      title={t(`fraudLists:${props.kind}.title`)}
      extra={
        <Typography.Text type="secondary">
          {t("fraudLists:count", {
            n: props.entries.length.toLocaleString(i18n.language),
            max: props.max.toLocaleString(i18n.language),
          })}
        </Typography.Text>
      }
      data-testid={`fraud-list-${props.kind}`}
    >
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(`fraudLists:${props.kind}.help`)}
        </Typography.Paragraph>
        {props.canEdit && (
          <Form<AddValues> form={form} layout="vertical" onFinish={add} requiredMark={false}>
            <Form.Item
              name="entries"
              label={t("fraudLists:entries")}
              extra={t("fraudLists:entriesHelp", { max: FRAUD_LIST_BATCH_MAX.toLocaleString(i18n.language) })}
              rules={[{ required: true, whitespace: true, message: t("validation:required") }]}
            >
              <Input.TextArea
                rows={3}
                placeholder={"+44 7700 900\n+1 202 555 0100"}
                data-testid={`fraud-list-${props.kind}-input`}
              />
            </Form.Item>
            <Form.Item name="note" label={t("fraudLists:note")}>
              <Input maxLength={200} />
            </Form.Item>
            <Button
              htmlType="submit"
              type="primary"
              loading={change.add.isPending}
              data-testid={`fraud-list-${props.kind}-add`}
            >
              {t("fraudLists:add")}
            </Button>
          </Form>
        )}
        <Input.Search
          allowClear
          placeholder={t("fraudLists:search")}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320 }}
        />
        <ResponsiveTable<FraudListEntryView>
          rowKey="entry"
          size="small"
          loading={props.loading}
          dataSource={shown}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t(`fraudLists:${props.kind}.empty`) }}
          columns={[
            { key: "entry", title: t("fraudLists:columns.entry"), dataIndex: "entry" },
            { key: "note", title: t("fraudLists:columns.note"), dataIndex: "note" },
            { key: "added", title: t("fraudLists:columns.added"), render: (_v, r) => date(r.createdAt) },
            ...(props.canEdit
              ? [
                  {
                    key: "remove",
                    title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
                    render: (_v: unknown, r: FraudListEntryView) => (
                      <Popconfirm
                        title={t("fraudLists:removeConfirm", { entry: r.entry })}
                        okText={t("fraudLists:remove")}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          change.remove
                            .mutateAsync({ kind: props.kind, entries: [r.entry] })
                            .catch((error: unknown) => showApiError(error, t, message))
                        }
                      >
                        <Button type="link" danger size="small">
                          {t("fraudLists:remove")}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Card>
  );
}
