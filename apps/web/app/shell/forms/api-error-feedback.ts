import { ERRORS } from "@nc/contracts/errors";
import type { FormInstance } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import type { TFunction } from "i18next";
import { ApiError, DOWNLOAD_WITHOUT_FILE_CODE } from "../http/api-error";

/** The text a person should read for a failed call, in their language. */
export function errorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t("errors:internal");
  if (error.code === -1) return t("errors:network");
  if (error.code === DOWNLOAD_WITHOUT_FILE_CODE) return t("common:errors.downloadWithoutFile");
  return error.message;
}

/**
 * Errors about one field that the server does not name (it must not say whether the e-mail or the
 * password was wrong): shown under the password, where the person looks and fixes it, and kept
 * there, not in a message that fades before it is read.
 */
const FIELD_OF_CODE: Partial<Record<number, string>> = {
  [ERRORS.credentialsInvalid.code]: "password",
  [ERRORS.passwordWrong.code]: "password",
  [ERRORS.twoFactorCodeInvalid.code]: "code",
};

/** Shows field errors next to their fields and anything else as one message; nothing typed is lost. */
export function showApiError(error: unknown, t: TFunction, message: MessageInstance, form?: FormInstance) {
  const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
  if (form && field && error instanceof ApiError && field in form.getFieldsValue(true)) {
    form.setFields([{ name: field, errors: [error.message] }]);
    return;
  }
  if (form && error instanceof ApiError && error.fields.length > 0) {
    const known = new Set(Object.keys(form.getFieldsValue(true)));
    // "events.1" (an item of a list the form edits as one field) goes under "events".
    const nameOf = (field: string) => (known.has(field) ? field : field.replace(/\.\d+$/, ""));
    const placed = new Map<string, string[]>();
    for (const f of error.fields.filter((f) => known.has(nameOf(f.field)))) {
      const errors = placed.get(nameOf(f.field)) ?? [];
      if (!errors.includes(f.message)) errors.push(f.message);
      placed.set(nameOf(f.field), errors);
    }
    form.setFields([...placed].map(([name, errors]) => ({ name, errors })));
    if (error.fields.every((f) => known.has(nameOf(f.field)))) return;
  }
  void message.error(errorText(error, t));
}
