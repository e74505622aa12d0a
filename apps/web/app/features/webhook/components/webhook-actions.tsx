import { DownOutlined } from "@ant-design/icons";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { WebhookEndpointCreatedView, WebhookEndpointView } from "@nc/contracts/webhooks";
import { App, Button, Dropdown, Flex } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useDeleteWebhook } from "../api/delete-webhook";
import { usePingWebhook } from "../api/ping-webhook";
import { useRollWebhookSecret } from "../api/roll-webhook-secret";

export interface WebhookActionHandlers {
  onDeliveries: (endpoint: WebhookEndpointView) => void;
  onEdit: (endpoint: WebhookEndpointView) => void;
  onRolled: (created: WebhookEndpointCreatedView) => void;
}

/**
 * The log for whoever may see webhooks; edit, test event, roll secret and delete only for those
 * who may change them (the server checks the same permission).
 */
export function WebhookActions({
  endpoint,
  ...handlers
}: { endpoint: WebhookEndpointView } & WebhookActionHandlers) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const ping = usePingWebhook(tenantId);
  const roll = useRollWebhookSecret(tenantId);
  const remove = useDeleteWebhook(tenantId);
  const canEdit = can(ROUTE_PERMISSIONS.webhooksEdit);

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const confirmRoll = () =>
    modal.confirm({
      title: t("webhooks:actions.rollConfirm"),
      content: t("webhooks:actions.rollHint"),
      okText: t("webhooks:actions.roll"),
      cancelText: t("webhooks:actions.cancel"),
      onOk: () => run(async () => handlers.onRolled(await roll.mutateAsync(endpoint.id))),
    });

  const confirmDelete = () =>
    modal.confirm({
      title: t("webhooks:actions.deleteConfirm"),
      content: t("webhooks:actions.deleteHint"),
      okText: t("webhooks:actions.delete"),
      okButtonProps: { danger: true },
      cancelText: t("webhooks:actions.cancel"),
      onOk: () =>
        run(async () => {
          await remove.mutateAsync(endpoint.id);
          void message.success(t("webhooks:actions.deleted"));
        }),
    });

  const sendTest = () =>
    run(async () => {
      await ping.mutateAsync(endpoint.id);
      void message.success(t("webhooks:actions.testQueued"));
    });

  return (
    <Flex align="center" wrap>
      <Button
        type="link"
        size="small"
        onClick={() => handlers.onDeliveries(endpoint)}
        data-testid="webhook-deliveries"
      >
        {t("webhooks:actions.deliveries")}
      </Button>
      {canEdit && (
        <>
          <Button
            type="link"
            size="small"
            onClick={() => handlers.onEdit(endpoint)}
            data-testid="webhook-edit"
          >
            {t("webhooks:actions.edit")}
          </Button>
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [
                { key: "test", label: t("webhooks:actions.test"), onClick: sendTest },
                { key: "roll", label: t("webhooks:actions.roll"), onClick: confirmRoll },
                { type: "divider" },
                { key: "delete", label: t("webhooks:actions.delete"), danger: true, onClick: confirmDelete },
              ],
            }}
          >
            <Button type="link" size="small" data-testid="webhook-more">
              {t("webhooks:actions.more")} <DownOutlined />
            </Button>
          </Dropdown>
        </>
      )}
    </Flex>
  );
}
