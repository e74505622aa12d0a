import { App, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { startSso } from "../api/start-sso";
import { signInEmailSchema } from "../sign-in-schemas";
import { popupOutcome, ssoPopupFeatures } from "../sso-popup";
import { AuthFooter, AuthHeading, AuthSubmit } from "./auth-page-parts";

/**
 * "Sign in with single sign-on" (docs/security.md, "Single sign-on"): the work e-mail names the
 * organisation; its identity provider opens in a popup of 960 x 600 centred on this window, which
 * posts the outcome back and closes. Where popups are blocked, the whole page goes there instead.
 * Loaded only when the person chooses it, so /login stays light.
 */
export function SsoSignInStep({
  onSignedIn,
  onBack,
}: {
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    const address = email.trim().toLowerCase();
    // Opened at the click, before the call: a window opened after an await is blocked as a popup.
    const popup = window.open("about:blank", "sso-sign-in", ssoPopupFeatures(window));
    setPending(true);
    try {
      const { url } = await startSso(address, popup !== null);
      if (!popup) {
        window.location.assign(url);
        return;
      }
      popup.location.href = url;
      const outcome = await popupOutcome(popup);
      if (outcome?.ok) await onSignedIn();
      else if (outcome) void message.error(outcome.message);
      // Closed without a word: signed in there, or cancelled; the page's data says which.
      else await revalidator.revalidate();
    } catch (error) {
      popup?.close();
      showApiError(error, t, message, form);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <AuthHeading title={t("auth:sso.title")} subtitle={t("auth:sso.subtitle")} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
        <Form.Item name="email" label={t("auth:sso.email")} rules={[zodRule(signInEmailSchema, t)]}>
          <Input type="email" autoComplete="email" autoFocus data-testid="sso-email" />
        </Form.Item>
        <AuthSubmit loading={pending} testId="sso-continue">
          {t("auth:sso.continue")}
        </AuthSubmit>
      </Form>
      <AuthFooter>
        <Button type="link" onClick={onBack} data-testid="sso-back">
          {t("auth:sso.back")}
        </Button>
      </AuthFooter>
    </>
  );
}
