import type { WebhookEndpointView } from "@nc/contracts/webhooks";
import { Flex, Table, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { type WebhookActionHandlers, WebhookActions } from "./webhook-actions";
import { EnabledTag, EndpointUrl, EventTags, LastDelivery } from "./webhook-tags";

/** The endpoints on a wide screen, one row each; disabled ones greyed. */
export function WebhooksTable(
  props: { endpoints: WebhookEndpointView[]; loading: boolean; empty: ReactNode } & WebhookActionHandlers,
) {
  const { t } = useTranslation();
  const date = useTenantDate();
  return (
    <Table<WebhookEndpointView>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.endpoints}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: props.empty }}
      data-testid="webhooks-table"
      onRow={(endpoint) => ({
        "data-testid": "webhook-row",
        style: endpoint.enabled ? undefined : { opacity: 0.6 },
      })}
      columns={[
        {
          key: "endpoint",
          title: t("webhooks:columns.endpoint"),
          render: (_, endpoint) => (
            <Flex vertical gap={2} style={{ maxWidth: 360 }}>
              <EndpointUrl url={endpoint.url} />
              {endpoint.description && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {endpoint.description}
                </Typography.Text>
              )}
              {/* The secret's end and the creation day here: one column less, so a row fits 1280 px. */}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {endpoint.secretHint} · {t("webhooks:columns.created")} {date(endpoint.createdAt)}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          key: "events",
          title: t("webhooks:columns.events"),
          render: (_, endpoint) => <EventTags events={endpoint.events} style={{ maxWidth: 220 }} />,
        },
        {
          key: "state",
          title: t("webhooks:columns.state"),
          render: (_, endpoint) => <EnabledTag endpoint={endpoint} />,
        },
        {
          key: "lastDelivery",
          title: t("webhooks:columns.lastDelivery"),
          render: (_, endpoint) => <LastDelivery endpoint={endpoint} />,
        },
        {
          key: "actions",
          title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
          render: (_, endpoint) => (
            <WebhookActions
              endpoint={endpoint}
              onDeliveries={props.onDeliveries}
              onEdit={props.onEdit}
              onRolled={props.onRolled}
            />
          ),
        },
      ]}
    />
  );
}
