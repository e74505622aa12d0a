import type { WebhookDeliveryStatus, WebhookEndpointView } from "@nc/contracts/webhooks";
import { Flex, Tag, Typography, theme } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useWebhookLabels } from "../use-webhook-labels";

const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: "processing",
  succeeded: "success",
  failed: "error",
};

export function DeliveryStatusTag({ status }: { status: WebhookDeliveryStatus }) {
  const labels = useWebhookLabels();
  return (
    <Tag
      color={STATUS_COLOURS[status]}
      style={{ marginInlineEnd: 0 }}
      data-testid="webhook-delivery-status"
      data-status={status}
    >
      {labels.status(status)}
    </Tag>
  );
}

export function EventTags({ events, style }: { events: readonly string[]; style?: CSSProperties }) {
  const labels = useWebhookLabels();
  return (
    <Flex gap={4} wrap style={style}>
      {events.map((type) => (
        <Tag key={type} style={{ marginInlineEnd: 0 }}>
          {labels.event(type)}
        </Tag>
      ))}
    </Flex>
  );
}

export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={enabled ? "green" : "default"} style={{ marginInlineEnd: 0 }} data-testid="webhook-state">
      {enabled ? t("webhooks:state.enabled") : t("webhooks:state.disabled")}
    </Tag>
  );
}

/** The endpoint's address in the code font, broken anywhere so a long one never widens the page. */
export function EndpointUrl({ url, style }: { url: string; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text style={{ fontFamily: token.fontFamilyCode, overflowWrap: "anywhere", ...style }}>
      {url}
    </Typography.Text>
  );
}

/** The newest delivery: its state, its answer's code and when. */
export function LastDelivery({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation();
  const date = useTenantDate();
  const last = endpoint.lastDelivery;
  if (!last) return <Typography.Text type="secondary">{t("webhooks:lastDelivery.none")}</Typography.Text>;
  return (
    <Flex gap={6} align="center" wrap data-testid="webhook-last-delivery">
      <DeliveryStatusTag status={last.status} />
      {last.responseStatus !== null && <Typography.Text code>{last.responseStatus}</Typography.Text>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {date(last.at)}
      </Typography.Text>
    </Flex>
  );
}
