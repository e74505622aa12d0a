import { Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CaptchaState } from "../../../shell/captcha/use-captcha";
import { zodRule } from "../../../shell/forms/zod-rule";
import { useLocale } from "../../../shell/i18n/use-locale";
import { signInPasswordSchema } from "../sign-in-schemas";

/** The password field of a sign-in form, its "forgot" link and the human-check notice. */
export function PasswordSignInFields(props: {
  captchaNeeded: boolean;
  captchaState: CaptchaState;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <>
      <Form.Item name="password" label={t("auth:fields.password")} rules={[zodRule(signInPasswordSchema, t)]}>
        <Input.Password autoComplete="current-password" autoFocus={props.autoFocus} />
      </Form.Item>
      <div style={{ textAlign: "right", marginTop: -12, marginBottom: 16 }}>
        <Link to={to("/forget-password")}>{t("auth:login.forgot")}</Link>
      </div>
      {props.captchaNeeded && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {props.captchaState === "solving" ? t("auth:captcha.solving") : t("auth:captcha.notice")}
        </Typography.Paragraph>
      )}
    </>
  );
}
