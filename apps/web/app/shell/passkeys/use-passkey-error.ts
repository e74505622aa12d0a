import { App, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../forms/api-error-feedback";
import { ceremonyRefusal } from "./webauthn";

/** Shows why a passkey action failed: the browser's refusal in words, or the server's answer. */
export function usePasskeyError() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (error: unknown, form?: FormInstance) => {
    const refusal = ceremonyRefusal(error);
    if (refusal)
      message.error(
        refusal === "passkey.exists" ? t("common:passkey.exists") : t("common:passkey.cancelled"),
      );
    else showApiError(error, t, message, form);
  };
}
