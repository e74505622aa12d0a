import { registerBody } from "@nc/contracts/auth";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigate, useRevalidator } from "react-router";
import { useRegister } from "../features/auth/api/register";
import { AuthFooter, AuthHeading, AuthSubmit } from "../features/auth/components/auth-page-parts";
import { EmailCodeField } from "../features/auth/components/email-code-field";
import { useCaptcha } from "../shell/captcha/use-captcha";
import { NewPasswordFields } from "../shell/components/password-field";
import { showApiError } from "../shell/forms/api-error-feedback";
import { zodRule } from "../shell/forms/zod-rule";
import { useLocale } from "../shell/i18n/use-locale";
import { pageMeta } from "../shell/page-meta";
import type { Route } from "./+types/register";

export const meta = pageMeta("auth:register.title", "auth:register.description");

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  return null;
}

interface RegisterForm {
  name: string;
  email: string;
  code: string;
  password: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { locale, to } = useLocale();
  const register = useRegister();
  const captcha = useCaptcha();

  const submit = async (values: RegisterForm) => {
    try {
      const token = await captcha.solve();
      await register.mutateAsync({
        name: values.name,
        email: values.email.trim().toLowerCase(),
        code: values.code.trim(),
        password: values.password,
        captcha: token,
        locale,
      });
      await revalidator.revalidate();
      void message.success(t("auth:register.welcome"));
      navigate(to("/dashboard"), { replace: true });
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  return (
    <>
      <AuthHeading title={t("auth:register.title")} subtitle={t("auth:register.subtitle")} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="name" label={t("auth:fields.name")} rules={[zodRule(registerBody.shape.name, t)]}>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item name="email" label={t("auth:fields.email")} rules={[zodRule(registerBody.shape.email, t)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <EmailCodeField kind="register" />
        <NewPasswordFields />
        <AuthSubmit loading={register.isPending || captcha.state === "solving"}>
          {t("auth:register.submit")}
        </AuthSubmit>
      </Form>
      <AuthFooter>
        {t("auth:register.haveAccount")} <Link to={to("/login")}>{t("auth:register.toLogin")}</Link>
      </AuthFooter>
    </>
  );
}
