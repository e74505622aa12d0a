import type { ApiKeyView } from "@nc/contracts/api-keys";
import { App, Button, Flex, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shell/access/can";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useRevokeApiKey } from "../api/revoke-api-key";

/**
 * Spend limits and roll (a key that works and was not rolled yet) and revoke (any key that still works, a rolled
 * one in its grace period included); the server refuses the rest with apiKeyClosed.
 */
export function ApiKeyActions({
  apiKey,
  onRoll,
  onLimits,
  stacked = false,
}: {
  apiKey: ApiKeyView;
  onRoll: (key: ApiKeyView) => void;
  onLimits: (key: ApiKeyView) => void;
  /** One above the other: the table's last column stays narrow in every language. */
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const revoke = useRevokeApiKey(tenant?.tenant.id ?? "");

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
      void message.success(t("apiKeys:revoke.done", { name: apiKey.name }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Flex vertical={stacked} align="flex-start">
      {(apiKey.status === "active" || apiKey.status === "rolling") && (
        <Can permissions={["apikey:create"]}>
          <Button type="link" size="small" onClick={() => onLimits(apiKey)} data-testid="api-key-limits">
            {t("apiKeys:limits.button")}
          </Button>
        </Can>
      )}
      {apiKey.status === "active" && (
        <Can permissions={["apikey:create"]}>
          <Button type="link" size="small" onClick={() => onRoll(apiKey)} data-testid="api-key-roll">
            {t("apiKeys:roll.button")}
          </Button>
        </Can>
      )}
      {(apiKey.status === "active" || apiKey.status === "rolling") && (
        <Can permissions={["apikey:delete"]}>
          <Popconfirm
            title={t("apiKeys:revoke.confirm", { name: apiKey.name })}
            description={t("apiKeys:revoke.hint")}
            okText={t("apiKeys:revoke.button")}
            okButtonProps={{ danger: true }}
            cancelText={t("apiKeys:revoke.keep")}
            onConfirm={onRevoke}
          >
            <Button type="link" danger size="small" loading={revoke.isPending} data-testid="api-key-revoke">
              {t("apiKeys:revoke.button")}
            </Button>
          </Popconfirm>
        </Can>
      )}
    </Flex>
  );
}
