import { PlusOutlined } from "@ant-design/icons";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import {
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEndpointCreatedView,
  type WebhookEndpointView,
} from "@nc/contracts/webhooks";
import { Alert, Button, Card, Empty, Flex, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useWebhooks } from "../api/webhooks";
import { WebhookCards } from "./webhook-cards";
import { WebhookDeliveriesDrawer } from "./webhook-deliveries-drawer";
import { WebhookFormModal } from "./webhook-form-modal";
import { WebhookSecretModal } from "./webhook-secret-modal";
import { WebhooksTable } from "./webhooks-table";

/** The "Webhooks" tab of the API keys page: what they do, the endpoints, their logs. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const { locale } = useLocale();
  const { tenant, can } = useTenantAccess();
  const list = useWebhooks(tenant?.tenant.id ?? "");
  const narrow = useNarrow();
  const canEdit = can(ROUTE_PERMISSIONS.webhooksEdit);
  // The form: closed, a new endpoint, or the endpoint being edited.
  const [form, setForm] = useState<{ endpoint: WebhookEndpointView | null } | null>(null);
  const [log, setLog] = useState<WebhookEndpointView | null>(null);
  // The one answer that holds a secret; dropped as soon as its modal closes.
  const [secret, setSecret] = useState<WebhookEndpointCreatedView | null>(null);
  const endpoints = list.data ?? [];
  const full = endpoints.length >= WEBHOOK_ENDPOINTS_MAX;
  const add = () => setForm({ endpoint: null });

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={canEdit ? t("webhooks:empty.canCreate") : t("webhooks:empty.text")}
      data-testid="webhooks-empty"
    >
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={add}>
          {t("webhooks:empty.create")}
        </Button>
      )}
    </Empty>
  );
  const listProps = {
    endpoints,
    loading: list.isPending,
    empty,
    onDeliveries: setLog,
    onEdit: (endpoint: WebhookEndpointView) => setForm({ endpoint }),
    onRolled: setSecret,
  };

  return (
    <Flex vertical gap={16} data-testid="webhooks-tab">
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex vertical gap={4} style={{ flex: "1 1 420px", minWidth: 0 }}>
          <Typography.Text type="secondary">{t("webhooks:intro.lead")}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 20, color: cssVar.colorTextSecondary }}>
            <li>{t("webhooks:intro.verify")}</li>
            <li>{t("webhooks:intro.retries")}</li>
          </ul>
        </Flex>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={add}
            disabled={full}
            data-testid="webhook-add"
          >
            {t("webhooks:add")}
          </Button>
        )}
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(list.error, t)}
          action={<Button onClick={() => list.refetch()}>{t("webhooks:retry")}</Button>}
        />
      ) : (
        <Card
          title={t("webhooks:list")}
          extra={
            list.data && (
              <Typography.Text type="secondary">
                {t("webhooks:count", {
                  n: endpoints.length.toLocaleString(locale),
                  max: WEBHOOK_ENDPOINTS_MAX.toLocaleString(locale),
                })}
              </Typography.Text>
            )
          }
          styles={{ body: { padding: narrow ? 12 : 0 } }}
        >
          {narrow ? <WebhookCards {...listProps} /> : <WebhooksTable {...listProps} />}
        </Card>
      )}
      <WebhookFormModal
        open={form !== null}
        endpoint={form?.endpoint ?? null}
        onClose={() => setForm(null)}
        onCreated={(created) => {
          setForm(null);
          setSecret(created);
        }}
      />
      <WebhookSecretModal created={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDrawer endpoint={log} onClose={() => setLog(null)} />
    </Flex>
  );
}
