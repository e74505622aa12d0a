import { type InviteCheck, inviteRegisterBody } from "@nc/contracts/members";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthHeading, AuthSubmit } from "../features/auth/components/auth-page-parts";
import { useAcceptInviteAsNewUser } from "../features/invitation/api/accept-invite-new-user";
import { InviteFormFrame } from "../features/invitation/components/invite-form-frame";
import { InviteGate } from "../features/invitation/components/invite-gate";
import { signedOutInviteLoader } from "../features/invitation/invite-page-path";
import { useJoinTenant } from "../features/invitation/use-join-tenant";
import { useCaptcha } from "../shell/captcha/use-captcha";
import { NewPasswordFields } from "../shell/components/password-field";
import { showApiError } from "../shell/forms/api-error-feedback";
import { zodRule } from "../shell/forms/zod-rule";
import { useLocale } from "../shell/i18n/use-locale";
import { pageMeta } from "../shell/page-meta";

export const meta = pageMeta("members:inviteRegister.title");

export const loader = signedOutInviteLoader;

/**
 * /invite-register?token=: a new user creates the account for the invited address and joins in
 * one step. The link proves the address, so no e-mail code is needed.
 */
export default function InviteRegisterPage() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading
        title={t("members:inviteRegister.title")}
        subtitle={t("members:inviteRegister.subtitle")}
      />
      <InviteGate>{(invite, token) => <InviteRegisterForm invite={invite} token={token} />}</InviteGate>
    </>
  );
}

interface RegisterForm {
  email: string;
  name: string;
  password: string;
}

function InviteRegisterForm({ invite, token }: { invite: InviteCheck; token: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const { locale, to } = useLocale();
  const register = useAcceptInviteAsNewUser();
  const join = useJoinTenant();
  const captcha = useCaptcha();

  const submit = async (values: RegisterForm) => {
    try {
      const done = await register.mutateAsync({
        token,
        name: values.name,
        password: values.password,
        captcha: await captcha.solve(),
        locale,
      });
      void message.success(t("members:accept.joined", { tenant: invite.tenantName }));
      await join(done.user.id, done.tenantId);
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  const query = `?token=${encodeURIComponent(token)}`;
  return (
    <InviteFormFrame
      invite={invite}
      form={form}
      onFinish={submit}
      text={t("members:inviteRegister.text", { email: invite.email, tenant: invite.tenantName })}
      footer={
        <>
          {t("members:inviteRegister.haveAccount")}{" "}
          <Link to={to(`/invite-login${query}`)}>{t("members:inviteRegister.toLogin")}</Link>
        </>
      }
    >
      <Form.Item
        name="name"
        label={t("auth:fields.name")}
        rules={[zodRule(inviteRegisterBody.shape.name, t)]}
      >
        <Input autoComplete="name" autoFocus />
      </Form.Item>
      <NewPasswordFields />
      <AuthSubmit loading={register.isPending || captcha.state === "solving"} testId="invite-register-submit">
        {t("members:inviteRegister.submit")}
      </AuthSubmit>
    </InviteFormFrame>
  );
}
