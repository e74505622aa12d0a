import type { InviteCheck } from "@nc/contracts/members";
import { App, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { AuthHeading, AuthSubmit } from "../features/auth/components/auth-page-parts";
import { PasswordSignInFields } from "../features/auth/components/password-sign-in-fields";
import { SecondFactorForm } from "../features/auth/components/second-factor-form";
import { useCaptchaLogin } from "../features/auth/use-captcha-login";
import { useAcceptInvite } from "../features/invitation/api/accept-invite";
import { InviteFormFrame } from "../features/invitation/components/invite-form-frame";
import { InviteGate } from "../features/invitation/components/invite-gate";
import { signedOutInviteLoader } from "../features/invitation/invite-page-path";
import { useJoinTenant } from "../features/invitation/use-join-tenant";
import { showApiError } from "../shell/forms/api-error-feedback";
import { useLocale } from "../shell/i18n/use-locale";
import { pageMeta } from "../shell/page-meta";

export const meta = pageMeta("members:inviteLogin.title");

export const loader = signedOutInviteLoader;

/** /invite-login?token=: an existing user signs in and joins the organisation in one go. */
export default function InviteLoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading title={t("members:inviteLogin.title")} subtitle={t("members:inviteLogin.subtitle")} />
      <InviteGate>{(invite, token) => <InviteLoginForm invite={invite} token={token} />}</InviteGate>
    </>
  );
}

interface LoginForm {
  email: string;
  password: string;
}

function InviteLoginForm({ invite, token }: { invite: InviteCheck; token: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginForm>();
  const { to } = useLocale();
  const login = useCaptchaLogin();
  const accept = useAcceptInvite();
  const join = useJoinTenant();
  const revalidator = useRevalidator();

  // With two-factor sign-in on, the code comes between the password and the invitation.
  const [secondStep, setSecondStep] = useState(false);

  const acceptAs = async (signedIn: string | null) => {
    try {
      const { tenantId } = await accept.mutateAsync(token);
      void message.success(t("members:accept.joined", { tenant: invite.tenantName }));
      if (signedIn) await join(signedIn, tenantId);
    } catch (error) {
      showApiError(error, t, message, form);
      // Signed in but the invitation failed: the invitation page shows where things stand.
      await revalidator.revalidate();
    }
  };

  const submit = async (values: LoginForm): Promise<void> => {
    let session: Awaited<ReturnType<typeof login.signIn>>;
    try {
      session = await login.signIn(invite.email, values.password);
    } catch (error) {
      showApiError(error, t, message, form);
      return;
    }
    if ("twoFactorRequired" in session) setSecondStep(true);
    else await acceptAs(session.user?.id ?? null);
  };

  if (secondStep) {
    return (
      <SecondFactorForm
        headed={false}
        onSignedIn={(session) => acceptAs(session.user?.id ?? null)}
        onBack={() => setSecondStep(false)}
      />
    );
  }

  const query = `?token=${encodeURIComponent(token)}`;
  return (
    <InviteFormFrame
      invite={invite}
      form={form}
      onFinish={submit}
      text={t("members:inviteLogin.text", { email: invite.email, tenant: invite.tenantName })}
      footer={<Link to={to(`/accept-invite${query}`)}>{t("members:inviteLogin.back")}</Link>}
    >
      <PasswordSignInFields captchaNeeded={login.captchaNeeded} captchaState={login.captchaState} autoFocus />
      <AuthSubmit loading={login.pending || accept.isPending} testId="invite-login-submit">
        {t("members:inviteLogin.submit")}
      </AuthSubmit>
    </InviteFormFrame>
  );
}
