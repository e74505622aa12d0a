import { PlusOutlined } from "@ant-design/icons";
import { API_KEYS_MAX, type ApiKeyCreatedView, type ApiKeyView } from "@nc/contracts/api-keys";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Alert, Button, Card, Flex, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useApiKeys } from "../../features/api-key/api/api-keys";
import { ApiKeyCards } from "../../features/api-key/components/api-key-cards";
import { ApiKeysEmpty } from "../../features/api-key/components/api-keys-empty";
import { ApiKeysIntro } from "../../features/api-key/components/api-keys-intro";
import { ApiKeysTable } from "../../features/api-key/components/api-keys-table";
import { CreateApiKeyModal } from "../../features/api-key/components/create-api-key-modal";
import { RollApiKeyModal } from "../../features/api-key/components/roll-api-key-modal";
import { SecretModal } from "../../features/api-key/components/secret-modal";
import { SpendLimitsModal } from "../../features/api-key/components/spend-limits-modal";
import { openCount, openFirst } from "../../features/api-key/key-state";
import { WebhooksTab } from "../../features/webhook/components/webhooks-tab";
import { useNarrow } from "../../shell/device/use-narrow";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * API keys: what they are for, the organisation's keys with their spend, and making, limiting,
 * rolling and revoking them; the "Webhooks" tab (?tab=webhooks) holds the endpoints that hear
 * about events.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { tenant, can } = useTenantAccess();
  const list = useApiKeys(tenant?.tenant.id ?? "");
  const narrow = useNarrow();
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<ApiKeyView | null>(null);
  const [limiting, setLimiting] = useState<ApiKeyView | null>(null);
  // The one answer that holds a full key; dropped as soon as its modal closes.
  const [secret, setSecret] = useState<ApiKeyCreatedView | null>(null);
  const keys = openFirst(list.data ?? []);
  const empty = <ApiKeysEmpty onCreate={() => setCreating(true)} />;
  const listProps = { keys, loading: list.isPending, empty, onRoll: setRolling, onLimits: setLimiting };
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "webhooks" && can(ROUTE_PERMISSIONS.webhooks) ? "webhooks" : "keys";

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 0 }}>
          {t("apiKeys:title")}
        </Typography.Title>
        {tab === "keys" && can(["apikey:create"]) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="api-key-create"
          >
            {t("apiKeys:create.button")}
          </Button>
        )}
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          {
            key: "keys",
            label: t("apiKeys:list"),
            children: (
              <Flex vertical gap={16}>
                <ApiKeysIntro />
                {list.isError ? (
                  <Alert
                    type="error"
                    showIcon
                    title={errorText(list.error, t)}
                    action={<Button onClick={() => list.refetch()}>{t("apiKeys:retry")}</Button>}
                  />
                ) : (
                  <Card
                    title={t("apiKeys:list")}
                    extra={
                      list.data && (
                        <Typography.Text type="secondary">
                          {t("apiKeys:count", {
                            n: openCount(keys).toLocaleString(locale),
                            max: API_KEYS_MAX.toLocaleString(locale),
                          })}
                        </Typography.Text>
                      )
                    }
                    // The table runs edge to edge: every pixel counts for its columns at 1366 px.
                    styles={{ body: { padding: narrow ? 12 : 0 } }}
                  >
                    {narrow ? <ApiKeyCards {...listProps} /> : <ApiKeysTable {...listProps} />}
                  </Card>
                )}
              </Flex>
            ),
          },
          { key: "webhooks", label: t("webhooks:tab"), children: <WebhooksTab /> },
        ]}
      />
      <CreateApiKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
        }}
      />
      <RollApiKeyModal
        apiKey={rolling}
        onClose={() => setRolling(null)}
        onRolled={(created) => {
          setRolling(null);
          setSecret(created);
        }}
      />
      <SpendLimitsModal apiKey={limiting} onClose={() => setLimiting(null)} />
      <SecretModal created={secret} onClose={() => setSecret(null)} />
    </Flex>
  );
}
