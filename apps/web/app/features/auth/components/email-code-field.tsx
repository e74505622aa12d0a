import { emailCodeSchema, emailSchema } from "@nc/contracts/auth";
import { App, Button, Form, Input, Space } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCaptcha } from "../../../shell/captcha/use-captcha";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { type CODE_ENDPOINTS, useSendCode } from "../api/send-code";

/**
 * The six-digit code field with its "send code" button: checks the e-mail field, passes the human
 * check, sends, then counts down until another code may be asked for.
 */
export function EmailCodeField(props: {
  kind: keyof typeof CODE_ENDPOINTS;
  emailField?: string;
  captcha?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const send = useSendCode(props.kind);
  const captcha = useCaptcha();
  const [wait, setWait] = useState(0);
  const emailField = props.emailField ?? "email";

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onSend = async () => {
    try {
      await form.validateFields([emailField]);
    } catch {
      return;
    }
    const email = emailSchema.parse(form.getFieldValue(emailField));
    try {
      const token = props.captcha === false ? undefined : await captcha.solve();
      const result = await send.mutateAsync({ email, captcha: token });
      setWait(result.resendAfterSeconds);
      void message.success(t("auth:code.sent", { email }));
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  const busy = send.isPending || captcha.state === "solving";
  return (
    <Form.Item label={t("auth:code.label")} required>
      <Space.Compact style={{ width: "100%" }}>
        <Form.Item name="code" noStyle rules={[zodRule(emailCodeSchema, t)]}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            aria-label={t("auth:code.label")}
          />
        </Form.Item>
        <Button onClick={onSend} loading={busy} disabled={wait > 0} data-testid="send-code">
          {wait > 0 ? t("auth:code.resendIn", { seconds: wait }) : t("auth:code.send")}
        </Button>
      </Space.Compact>
      {captcha.state === "solving" ? (
        <div style={{ fontSize: 12, opacity: 0.7 }}>{t("auth:captcha.solving")}</div>
      ) : null}
    </Form.Item>
  );
}
