import type { SessionInfo } from "@nc/contracts/auth";
import { ERRORS } from "@nc/contracts/errors";
import { REMEMBER_BROWSER_DAYS } from "@nc/contracts/two-factor-constants";
import { App, Button, Checkbox, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { ApiError } from "../../../shell/http/api-error";
import { useSignInSecondFactor } from "../api/second-factor";
import { secondFactorCodeSchema } from "../sign-in-schemas";
import { AuthFooter, AuthHeading, AuthSubmit } from "./auth-page-parts";
import { PasskeySignInButton } from "./passkey-sign-in-button";

interface SecondFactorValues {
  code: string;
  remember: boolean;
}

/**
 * The sign-in's second step (docs/security.md, "Two-factor sign-in"): the code from the app or a
 * recovery code, and whether to remember this browser. A pending sign-in that has expired or
 * used its tries sends the person back to the password.
 */
export function SecondFactorForm({
  onSignedIn,
  onBack,
  headed = true,
}: {
  onSignedIn: (session: SessionInfo) => Promise<void> | void;
  onBack: () => void;
  /** False where the page already has its heading (the invitation's sign-in). */
  headed?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SecondFactorValues>();
  const second = useSignInSecondFactor();

  const submit = async (values: SecondFactorValues) => {
    try {
      await onSignedIn(await second.mutateAsync({ code: values.code, remember: values.remember }));
    } catch (error) {
      showApiError(error, t, message, form);
      if (error instanceof ApiError && error.code === ERRORS.twoFactorPendingInvalid.code) onBack();
    }
  };

  return (
    <>
      {headed && (
        <AuthHeading title={t("auth:secondFactor.title")} subtitle={t("auth:secondFactor.subtitle")} />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        size="large"
        initialValues={{ code: "", remember: false }}
      >
        <Form.Item
          name="code"
          label={t("auth:secondFactor.code")}
          extra={t("auth:secondFactor.recoveryHint")}
          rules={[zodRule(secondFactorCodeSchema, t)]}
        >
          <Input
            autoComplete="one-time-code"
            autoFocus
            maxLength={24}
            spellCheck={false}
            data-testid="second-factor-code"
          />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox data-testid="second-factor-remember">
            {t("auth:secondFactor.remember", { days: REMEMBER_BROWSER_DAYS })}
          </Checkbox>
        </Form.Item>
        <AuthSubmit loading={second.isPending} testId="second-factor-submit">
          {t("auth:secondFactor.submit")}
        </AuthSubmit>
      </Form>
      <PasskeySignInButton kind="secondFactor" onSignedIn={onSignedIn} onPendingGone={onBack} />
      <AuthFooter>
        <Button type="link" onClick={onBack}>
          {t("auth:secondFactor.back")}
        </Button>
      </AuthFooter>
    </>
  );
}
