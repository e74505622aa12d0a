import type { FormInstance } from "antd";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";

/**
 * Saves an organisation settings form: the call, then the page data read again (the organisation's
 * profile comes with it) and a word that it was saved; a refusal is shown on the form.
 */
export function useSettingsSave<V>(
  form: FormInstance<V>,
  send: (values: V) => Promise<unknown>,
  savedKey: string,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  return async (values: V) => {
    try {
      await send(values);
      await revalidator.revalidate();
      void message.success(t(savedKey));
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };
}
