import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { PASSWORD_MIN } from "@nc/contracts/auth";
import { PASSWORD_RULES, passwordRuleResults } from "@nc/contracts/password-policy";
import { theme } from "antd";
import { useTranslation } from "react-i18next";

/** The password requirements as a live checklist; the server enforces the same rules. */
export function PasswordRules({ password, email }: { password: string; email?: string }) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const results = passwordRuleResults(password, email ?? "");
  return (
    <ul
      aria-label={t("auth:password.rulesTitle")}
      style={{ listStyle: "none", padding: 0, margin: "-8px 0 16px", fontSize: 13 }}
    >
      {PASSWORD_RULES.map((rule) => {
        // An empty field meets nothing yet: no tick for "not your e-mail" or "not common" before a
        // character is typed.
        const ok = password !== "" && results[rule];
        return (
          <li
            key={rule}
            data-rule={rule}
            data-ok={ok}
            style={{ color: ok ? cssVar.colorSuccess : cssVar.colorTextSecondary }}
          >
            {ok ? <CheckCircleFilled /> : <CloseCircleOutlined />}{" "}
            {t(`auth:password.rules.${rule}`, { min: PASSWORD_MIN })}
          </li>
        );
      })}
    </ul>
  );
}
