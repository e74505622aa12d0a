import type { FormInstance } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import type { TFunction } from "i18next";
import { ApiError } from "../http/api-error";

/** The text a person should read for a failed call, in their language. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.code === -1 ? t("errors:network") : error.message;
  return t("errors:internal");
}

/** Shows field errors next to their fields and anything else as one message; nothing typed is lost. */
export function showApiError(error: unknown, t: TFunction, message: MessageInstance, form?: FormInstance) {
  if (form && error instanceof ApiError && error.fields.length > 0) {
    const known = new Set(Object.keys(form.getFieldsValue(true)));
    const onForm = error.fields.filter((f) => known.has(f.field));
    form.setFields(onForm.map((f) => ({ name: f.field, errors: [f.message] })));
    if (onForm.length === error.fields.length) return;
  }
  void message.error(errorText(error, t));
}
