import { emailCodeSchema, passwordSchema } from "@nc/contracts/auth";
import type { ConfirmationBody } from "@nc/contracts/privacy";
import { App, Button, Form, Input, Modal, Segmented, Space } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useBusySubmit } from "../../../shell/forms/use-busy-submit";
import { zodRule } from "../../../shell/forms/zod-rule";
import { useSendConfirmCode } from "../api/send-confirm-code";

type Method = "password" | "code";
type Values = { password?: string; code?: string } & Record<string, unknown>;

/**
 * A dialog that asks the person to prove again who they are (password, or a code e-mailed to
 * their own address) before a deletion or an export; `children` add the action's own fields.
 * The server checks the proof; errors (a wrong password, a blocked deletion) show in the dialog.
 */
export function ConfirmIdentityModal(props: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  children?: ReactNode;
  testId: string;
  onCancel(): void;
  onConfirm(proof: ConfirmationBody, values: Values): Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [method, setMethod] = useState<Method>("password");
  const [wait, setWait] = useState(0);
  const send = useSendConfirmCode();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    try {
      const sent = await send.mutateAsync();
      setWait(sent.resendAfterSeconds);
      void message.success(t("privacy:confirm.codeSent"));
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  const { busy, submit } = useBusySubmit(form, async (values: Values) => {
    const proof: ConfirmationBody =
      method === "password" ? { password: values.password ?? "" } : { code: (values.code ?? "").trim() };
    await props.onConfirm(proof, values);
    form.resetFields();
  });

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: busy, id: `${props.testId}-ok` }}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
      data-testid={props.testId}
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        {props.children}
        <Form.Item label={t("privacy:confirm.how")}>
          <Segmented<Method>
            block
            value={method}
            onChange={setMethod}
            options={[
              { value: "password", label: t("privacy:confirm.password") },
              { value: "code", label: t("privacy:confirm.code") },
            ]}
          />
        </Form.Item>
        {method === "password" ? (
          <Form.Item
            name="password"
            label={t("privacy:confirm.password")}
            rules={[zodRule(passwordSchema, t)]}
          >
            <Input.Password autoComplete="current-password" data-testid={`${props.testId}-password`} />
          </Form.Item>
        ) : (
          <Form.Item label={t("privacy:confirm.code")} required extra={t("privacy:confirm.codeHelp")}>
            <Space.Compact style={{ width: "100%" }}>
              <Form.Item name="code" noStyle rules={[zodRule(emailCodeSchema, t)]}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" />
              </Form.Item>
              <Button onClick={sendCode} loading={send.isPending} disabled={wait > 0}>
                {wait > 0 ? t("auth:code.resendIn", { seconds: wait }) : t("auth:code.send")}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
