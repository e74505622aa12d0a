import type { WebhookEndpointView } from "@nc/contracts/webhooks";
import { Card, Flex, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { type WebhookActionHandlers, WebhookActions } from "./webhook-actions";
import { EnabledTag, EndpointUrl, EventTags, LastDelivery } from "./webhook-tags";

/** The endpoints on a phone: one card each, the same facts as the table's row, stacked. */
export function WebhookCards(
  props: { endpoints: WebhookEndpointView[]; loading: boolean; empty: ReactNode } & WebhookActionHandlers,
) {
  const { t } = useTranslation();
  const date = useTenantDate();
  if (props.loading) return <Spin style={{ display: "block", margin: "24px auto" }} />;
  if (props.endpoints.length === 0) return props.empty;
  const line = (label: string, value: ReactNode) => (
    <Flex gap={4} align="center" wrap>
      <Typography.Text type="secondary">{t("webhooks:labelled", { label })}</Typography.Text>
      {value}
    </Flex>
  );
  return (
    <Flex vertical gap={8} data-testid="webhook-cards">
      {props.endpoints.map((endpoint) => (
        <Card
          key={endpoint.id}
          size="small"
          data-testid="webhook-row"
          style={endpoint.enabled ? undefined : { opacity: 0.6 }}
          styles={{ body: { display: "grid", gap: 6 } }}
        >
          <Flex justify="space-between" align="flex-start" gap={8}>
            <EndpointUrl url={endpoint.url} style={{ minWidth: 0 }} />
            <EnabledTag endpoint={endpoint} />
          </Flex>
          {endpoint.description && <Typography.Text type="secondary">{endpoint.description}</Typography.Text>}
          <EventTags events={endpoint.events} />
          {line(t("webhooks:columns.lastDelivery"), <LastDelivery endpoint={endpoint} />)}
          {line(t("webhooks:columns.created"), <Typography.Text>{date(endpoint.createdAt)}</Typography.Text>)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {endpoint.secretHint}
          </Typography.Text>
          <div style={{ marginInlineStart: -8 }}>
            <WebhookActions
              endpoint={endpoint}
              onDeliveries={props.onDeliveries}
              onEdit={props.onEdit}
              onRolled={props.onRolled}
            />
          </div>
        </Card>
      ))}
    </Flex>
  );
}
