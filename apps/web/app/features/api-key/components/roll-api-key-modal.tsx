import { API_KEY_ROLL_GRACE_HOURS, type ApiKeyCreatedView, type ApiKeyView } from "@nc/contracts/api-keys";
import { App, Flex, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { type GraceHours, useRollApiKey } from "../api/roll-api-key";

/** A day is enough to redeploy most programs with a new key, and short enough to limit exposure. */
const DEFAULT_GRACE: GraceHours = 24;

/**
 * Rolling: a new key with the same settings replaces this one; the old key keeps working for the
 * chosen grace period so programs can switch over, then stops. The new secret goes to onRolled.
 */
export function RollApiKeyModal(props: {
  apiKey: ApiKeyView | null;
  onClose: () => void;
  onRolled: (created: ApiKeyCreatedView) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const date = useTenantDate();
  const roll = useRollApiKey(tenant?.tenant.id ?? "");
  const [grace, setGrace] = useState<GraceHours>(DEFAULT_GRACE);
  const narrow = useNarrow();

  const close = () => {
    setGrace(DEFAULT_GRACE);
    props.onClose();
  };

  const submit = async () => {
    if (!props.apiKey) return;
    try {
      const created = await roll.mutateAsync({ id: props.apiKey.id, graceHours: grace });
      setGrace(DEFAULT_GRACE);
      props.onRolled(created);
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Modal
      open={props.apiKey !== null}
      title={t("apiKeys:roll.title", { name: props.apiKey?.name ?? "" })}
      onCancel={close}
      onOk={() => void submit()}
      okText={t("apiKeys:roll.submit")}
      confirmLoading={roll.isPending}
      destroyOnHidden
      width={520}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t("apiKeys:roll.intro")}</Typography.Paragraph>
        <Flex vertical gap={8}>
          <Typography.Text strong>{t("apiKeys:roll.grace")}</Typography.Text>
          <Radio.Group
            value={grace}
            onChange={(e) => setGrace(e.target.value as GraceHours)}
            // Five buttons do not fit a phone in one row: plain radios wrap cleanly there.
            optionType={narrow ? "default" : "button"}
            data-testid="api-key-roll-grace"
            options={API_KEY_ROLL_GRACE_HOURS.map((hours) => ({
              value: hours,
              label: t(`apiKeys:roll.graceOption.${hours}`),
            }))}
          />
          <Typography.Text type="secondary">
            {grace === 0
              ? t("apiKeys:roll.stopsNow")
              : t("apiKeys:roll.stopsAt", { time: date(new Date(Date.now() + grace * 3_600_000)) })}
          </Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  );
}
