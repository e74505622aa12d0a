import { loginBody } from "@nc/contracts/auth";
import { ERRORS } from "@nc/contracts/errors";
import type { PageContext } from "@nc/contracts/site";
import { App, Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useRevalidator, useSearchParams } from "react-router";
import { useLogin } from "../features/auth/api/login";
import { AuthFooter, AuthHeading } from "../features/auth/components/auth-page-parts";
import { useCaptcha } from "../shell/captcha/use-captcha";
import { showApiError } from "../shell/forms/api-error-feedback";
import { zodRule } from "../shell/forms/zod-rule";
import { ApiError } from "../shell/http/api-error";
import { useLocale } from "../shell/i18n/use-locale";
import { safeReturnPath } from "../shell/navigation/safe-navigation";
import { useAppNavigate } from "../shell/navigation/use-app-navigate";
import { pageMeta } from "../shell/page-meta";
import type { Route } from "./+types/login";

export const meta = pageMeta("auth:login.title");

export function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: straight on to where the visitor was going.
  if ((context as unknown as PageContext).user) {
    throw redirect(safeReturnPath(new URL(request.url).searchParams.get("redirect")));
  }
  return null;
}

interface LoginForm {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginForm>();
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const revalidator = useRevalidator();
  const { to } = useLocale();
  const login = useLogin();
  const captcha = useCaptcha();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  const submit = async (values: LoginForm, withCaptcha = captchaNeeded): Promise<void> => {
    try {
      const token = withCaptcha ? await captcha.solve() : undefined;
      await login.mutateAsync({
        email: values.email.trim().toLowerCase(),
        password: values.password,
        captcha: token,
      });
      await revalidator.revalidate();
      navigate(safeReturnPath(params.get("redirect"), to("/dashboard")), { replace: true });
    } catch (error) {
      const needs =
        error instanceof ApiError &&
        (error.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;
      setCaptchaNeeded(needs);
      // The server asked for the human check before even looking at the password: pass it and retry once.
      if (error instanceof ApiError && error.code === ERRORS.captchaRequired.code && !withCaptcha)
        return submit(values, true);
      showApiError(error, t, message, form);
    }
  };

  return (
    <>
      <AuthHeading title={t("auth:login.title")} subtitle={t("auth:login.subtitle")} />
      <Form form={form} layout="vertical" onFinish={(v) => submit(v)} requiredMark={false} size="large">
        <Form.Item name="email" label={t("auth:fields.email")} rules={[zodRule(loginBody.shape.email, t)]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={
            <span style={{ display: "flex", justifyContent: "space-between", width: "100%" }}>
              {t("auth:fields.password")}
            </span>
          }
          rules={[zodRule(loginBody.shape.password, t)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: "right", marginTop: -12, marginBottom: 16 }}>
          <Link to={to("/forget-password")}>{t("auth:login.forgot")}</Link>
        </div>
        {captchaNeeded && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            {captcha.state === "solving" ? t("auth:captcha.solving") : t("auth:captcha.notice")}
          </Typography.Paragraph>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={login.isPending || captcha.state === "solving"}
        >
          {t("auth:login.submit")}
        </Button>
      </Form>
      <AuthFooter>
        {t("auth:login.noAccount")} <Link to={to("/register")}>{t("auth:login.toRegister")}</Link>
      </AuthFooter>
    </>
  );
}
