import { App, Button, Form, Input } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useRevalidator, useSearchParams } from "react-router";
import { AuthFooter, AuthHeading, AuthSubmit } from "../features/auth/components/auth-page-parts";
import { PasskeySignInButton } from "../features/auth/components/passkey-sign-in-button";
import { PasswordSignInFields } from "../features/auth/components/password-sign-in-fields";
import { SecondFactorForm } from "../features/auth/components/second-factor-form";
import { signInEmailSchema } from "../features/auth/sign-in-schemas";
import { useCaptchaLogin } from "../features/auth/use-captcha-login";
import { ACCOUNT_DELETED_PARAM } from "../features/privacy/account-deleted-param";
import { showApiError } from "../shell/forms/api-error-feedback";
import { zodRule } from "../shell/forms/zod-rule";
import { useLocale } from "../shell/i18n/use-locale";
import { safeReturnPath, signedInReturnPath } from "../shell/navigation/safe-navigation";
import { useAppNavigate } from "../shell/navigation/use-app-navigate";
import { pageMeta } from "../shell/page-meta";
import type { Route } from "./+types/login";

// Shown only after one's account was deleted: fetched then, so the sign-in page's first load
// stays within its budget (docs/performance.md, "Page weight").
const AccountDeletionNotice = lazy(() =>
  import("../features/privacy/components/account-deletion-notice").then((module) => ({
    default: module.AccountDeletionNotice,
  })),
);

// The single sign-on step is fetched when the person chooses it: /login's first load stays within
// its budget and brings no zod (docs/performance.md, "Page weight").
const SsoSignInStep = lazy(() =>
  import("../features/auth/components/sso-sign-in-step").then((module) => ({
    default: module.SsoSignInStep,
  })),
);

export const meta = pageMeta("auth:login.title", "auth:login.description");

export function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: straight on to where the visitor was going, in the language they opened.
  if (context.user) {
    throw redirect(signedInReturnPath(request.url));
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
  const login = useCaptchaLogin();

  // With two-factor sign-in on, the right password leads to the code (docs/security.md, "Two-factor sign-in").
  const [secondStep, setSecondStep] = useState(false);
  // docs/security.md, "Single sign-on": the organisation's identity provider instead of the password.
  const [ssoStep, setSsoStep] = useState(false);

  const enter = async () => {
    await revalidator.revalidate();
    navigate(safeReturnPath(params.get("redirect"), to("/dashboard")), { replace: true });
  };

  const submit = async (values: LoginForm) => {
    try {
      const answer = await login.signIn(values.email.trim().toLowerCase(), values.password);
      if ("twoFactorRequired" in answer) setSecondStep(true);
      else await enter();
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  if (secondStep) {
    return <SecondFactorForm onSignedIn={enter} onBack={() => setSecondStep(false)} />;
  }

  if (ssoStep) {
    return (
      <Suspense fallback={null}>
        <SsoSignInStep onSignedIn={enter} onBack={() => setSsoStep(false)} />
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title={t("auth:login.title")} subtitle={t("auth:login.subtitle")} />
      {params.has(ACCOUNT_DELETED_PARAM) && (
        <Suspense fallback={null}>
          <AccountDeletionNotice />
        </Suspense>
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="email" label={t("auth:fields.email")} rules={[zodRule(signInEmailSchema, t)]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <PasswordSignInFields captchaNeeded={login.captchaNeeded} captchaState={login.captchaState} />
        <AuthSubmit loading={login.pending}>{t("auth:login.submit")}</AuthSubmit>
      </Form>
      <PasskeySignInButton kind="alone" onSignedIn={enter} />
      <Button
        block
        size="large"
        style={{ marginTop: 12 }}
        onClick={() => setSsoStep(true)}
        data-testid="sso-sign-in"
      >
        {t("auth:sso.open")}
      </Button>
      <AuthFooter>
        {t("auth:login.noAccount")} <Link to={to("/register")}>{t("auth:login.toRegister")}</Link>
      </AuthFooter>
    </>
  );
}
