import { CopyOutlined } from "@ant-design/icons";
import { Alert, App, Button, Checkbox, Flex, Input, Modal, Typography, theme } from "antd";
import { type ReactNode, useRef, useState } from "react";

/** The texts of a secret's one showing, in the caller's words (a key, a signing secret). */
export interface OneTimeSecretTexts {
  title: string;
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  usage: string;
  stored: string;
  done: string;
  confirmTitle: string;
  confirmText: string;
  confirmOk: string;
  confirmCancel: string;
}

/**
 * A secret shown this once: the server cannot show it again. Closing before "I have stored it" is
 * ticked asks first, as there is no way back to the secret. `testId` prefixes the parts' test ids.
 */
export function OneTimeSecretModal({
  secret,
  heading,
  texts,
  testId,
  onClose,
  rows = 3,
}: {
  secret: string | null;
  heading: ReactNode;
  texts: OneTimeSecretTexts;
  testId: string;
  onClose: () => void;
  /** Lines of the field: a list of codes shows whole. */
  rows?: number;
}) {
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
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      void message.success(texts.copied);
    } catch {
      // No clipboard (plain http, or permission refused): select it for a manual copy.
      field.current?.select();
      void message.warning(texts.copyFailed);
    }
  };

  const close = () => {
    if (stored) return finish();
    modal.confirm({
      title: texts.confirmTitle,
      content: texts.confirmText,
      okText: texts.confirmOk,
      okButtonProps: { danger: true },
      cancelText: texts.confirmCancel,
      onOk: finish,
    });
  };

  return (
    <Modal
      open={secret !== null}
      title={texts.title}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      width={560}
      footer={
        <Button type="primary" disabled={!stored} onClick={finish} data-testid={`${testId}-done`}>
          {texts.done}
        </Button>
      }
    >
      {secret && (
        <Flex vertical gap={16}>
          {heading}
          <Alert type="warning" showIcon title={texts.warning} />
          <Flex gap={8} align="flex-start">
            <Input.TextArea
              ref={(instance) => {
                field.current = instance?.resizableTextArea?.textArea ?? null;
              }}
              readOnly
              value={secret}
              // Fixed rows, not autoSize: antd measures autoSize text in a hidden textarea it leaves
              // in the page, which would keep the secret in the document after the modal closed.
              rows={rows}
              spellCheck={false}
              aria-label={texts.label}
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, fontFamily: token.fontFamilyCode, wordBreak: "break-all" }}
              data-testid={testId}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`${testId}-copy`}>
              {texts.copy}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{texts.usage}</Typography.Text>
          <Checkbox
            checked={stored}
            onChange={(e) => setStored(e.target.checked)}
            data-testid={`${testId}-stored`}
          >
            {texts.stored}
          </Checkbox>
        </Flex>
      )}
    </Modal>
  );
}
