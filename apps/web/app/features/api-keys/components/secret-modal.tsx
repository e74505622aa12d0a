import { CopyOutlined } from "@ant-design/icons";
import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { Alert, App, Button, Checkbox, Flex, Input, Modal, Typography, theme } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModeTag } from "./api-key-tags";

/**
 * The full key, shown this once: the server keeps only its digest. Closing before "I have stored
 * this key" is ticked asks first, as there is no way back to the secret.
 */
export function SecretModal({
  created,
  onClose,
}: {
  created: ApiKeyCreatedView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const [stored, setStored] = useState(false);
  const field = useRef<HTMLTextAreaElement | null>(null);
  // The next secret starts unconfirmed again.
  const finish = () => {
    setStored(false);
    onClose();
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      void message.success(t("apiKeys:secret.copied"));
    } catch {
      // No clipboard (plain http, or permission refused): select it for a manual copy.
      field.current?.select();
      void message.warning(t("apiKeys:secret.copyFailed"));
    }
  };

  const close = () => {
    if (stored) return finish();
    modal.confirm({
      title: t("apiKeys:secret.confirmTitle"),
      content: t("apiKeys:secret.confirmText"),
      okText: t("apiKeys:secret.confirmOk"),
      okButtonProps: { danger: true },
      cancelText: t("apiKeys:secret.confirmCancel"),
      onOk: finish,
    });
  };

  return (
    <Modal
      open={created !== null}
      title={t("apiKeys:secret.title")}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      width={560}
      footer={
        <Button type="primary" disabled={!stored} onClick={finish} data-testid="api-key-secret-done">
          {t("apiKeys:secret.done")}
        </Button>
      }
    >
      {created && (
        <Flex vertical gap={16}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{created.key.name}</Typography.Text>
            <ModeTag mode={created.key.mode} />
          </Flex>
          <Alert type="warning" showIcon title={t("apiKeys:secret.warning")} />
          <Flex gap={8} align="flex-start">
            <Input.TextArea
              ref={(instance) => {
                field.current = instance?.resizableTextArea?.textArea ?? null;
              }}
              readOnly
              value={created.secret}
              autoSize
              spellCheck={false}
              aria-label={t("apiKeys:secret.label")}
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, fontFamily: token.fontFamilyCode, wordBreak: "break-all" }}
              data-testid="api-key-secret"
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-key-secret-copy">
              {t("apiKeys:secret.copy")}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{t("apiKeys:secret.usage")}</Typography.Text>
          <Checkbox
            checked={stored}
            onChange={(e) => setStored(e.target.checked)}
            data-testid="api-key-secret-stored"
          >
            {t("apiKeys:secret.stored")}
          </Checkbox>
        </Flex>
      )}
    </Modal>
  );
}
