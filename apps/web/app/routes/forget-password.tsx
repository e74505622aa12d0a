import { forgetBody } from "@nc/contracts/auth";
import { App, Button, Form, Input, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useResetPassword } from "../features/auth/api/reset-password";
import { AuthFooter, AuthHeading, AuthSubmit } from "../features/auth/components/auth-page-parts";
import { EmailCodeField } from "../features/auth/components/email-code-field";
import { useCaptcha } from "../shell/captcha/use-captcha";
import { NewPasswordFields } from "../shell/components/password-field";
import { showApiError } from "../shell/forms/api-error-feedback";
import { zodRule } from "../shell/forms/zod-rule";
import { useLocale } from "../shell/i18n/use-locale";
import { pageMeta } from "../shell/page-meta";

export const meta = pageMeta("auth:forget.title", "auth:forget.description");

interface ForgetForm {
  email: string;
  code: string;
  password: string;
}

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ForgetForm>();
  const { to } = useLocale();
  const reset = useResetPassword();
  const captcha = useCaptcha();
  const [done, setDone] = useState(false);

  const submit = async (values: ForgetForm) => {
    try {
      const token = await captcha.solve();
      await reset.mutateAsync({
        email: values.email.trim().toLowerCase(),
        code: values.code.trim(),
        password: values.password,
        captcha: token,
      });
      setDone(true);
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title={t("auth:forget.doneTitle")}
        subTitle={t("auth:forget.doneText")}
        extra={
          <Link to={to("/login")}>
            <Button type="primary">{t("auth:register.toLogin")}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <AuthHeading title={t("auth:forget.title")} subtitle={t("auth:forget.subtitle")} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="email" label={t("auth:fields.email")} rules={[zodRule(forgetBody.shape.email, t)]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <EmailCodeField kind="reset" />
        <NewPasswordFields />
        <AuthSubmit loading={reset.isPending || captcha.state === "solving"}>
          {t("auth:forget.submit")}
        </AuthSubmit>
      </Form>
      <AuthFooter>
        <Link to={to("/login")}>{t("auth:forget.back")}</Link>
      </AuthFooter>
    </>
  );
}
