import type { WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { OneTimeSecretModal } from "../../../shell/components/one-time-secret-modal";

/** An endpoint's signing secret, shown this once (after adding the endpoint or rolling it). */
export function WebhookSecretModal({
  created,
  onClose,
}: {
  created: WebhookEndpointCreatedView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <OneTimeSecretModal
      secret={created?.secret ?? null}
      testId="webhook-secret"
      onClose={onClose}
      heading={
        created && (
          <Typography.Text strong style={{ overflowWrap: "anywhere" }}>
            {created.endpoint.url}
          </Typography.Text>
        )
      }
      texts={{
        title: t("webhooks:secret.title"),
        warning: t("webhooks:secret.warning"),
        label: t("webhooks:secret.label"),
        copy: t("webhooks:secret.copy"),
        copied: t("webhooks:secret.copied"),
        copyFailed: t("webhooks:secret.copyFailed"),
        usage: t("webhooks:secret.usage"),
        stored: t("webhooks:secret.stored"),
        done: t("webhooks:secret.done"),
        confirmTitle: t("webhooks:secret.confirmTitle"),
        confirmText: t("webhooks:secret.confirmText"),
        confirmOk: t("webhooks:secret.confirmOk"),
        confirmCancel: t("webhooks:secret.confirmCancel"),
      }}
    />
  );
}
