import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { OneTimeSecretModal } from "../../../shell/components/one-time-secret-modal";
import { ModeTag } from "./api-key-tags";

/** The full key, shown this once: the server keeps only its digest. */
export function SecretModal({
  created,
  onClose,
}: {
  created: ApiKeyCreatedView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <OneTimeSecretModal
      secret={created?.secret ?? null}
      testId="api-key-secret"
      onClose={onClose}
      heading={
        created && (
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{created.key.name}</Typography.Text>
            <ModeTag mode={created.key.mode} />
          </Flex>
        )
      }
      texts={{
        title: t("apiKeys:secret.title"),
        warning: t("apiKeys:secret.warning"),
        label: t("apiKeys:secret.label"),
        copy: t("apiKeys:secret.copy"),
        copied: t("apiKeys:secret.copied"),
        copyFailed: t("apiKeys:secret.copyFailed"),
        usage: t("apiKeys:secret.usage"),
        stored: t("apiKeys:secret.stored"),
        done: t("apiKeys:secret.done"),
        confirmTitle: t("apiKeys:secret.confirmTitle"),
        confirmText: t("apiKeys:secret.confirmText"),
        confirmOk: t("apiKeys:secret.confirmOk"),
        confirmCancel: t("apiKeys:secret.confirmCancel"),
      }}
    />
  );
}
