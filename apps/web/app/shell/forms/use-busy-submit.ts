import { App, type FormInstance } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "./api-error-feedback";

/**
 * A form's submit with its busy state: the call, and its refusal shown under the fields it names
 * or as a message; nothing typed is lost.
 */
export function useBusySubmit<V>(form: FormInstance<V>, action: (values: V) => Promise<void>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      await action(values);
    } catch (error) {
      showApiError(error, t, message, form);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
