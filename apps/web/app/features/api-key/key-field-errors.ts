import type { FormInstance } from "antd";
import type { TFunction } from "i18next";
import { ApiError } from "../../shell/http/api-error";

/**
 * Puts the server's field errors of a create call on the form's own fields: "ipAllowList.N" on the
 * allow-list box with the line it came from, "scopes.N" on the scopes, "expiresAt" on the expiry. Answers whether every
 * field error found a place; if not, the caller shows the error as a message as well.
 */
export function placeKeyFieldErrors(
  error: unknown,
  form: FormInstance,
  t: TFunction,
  ipLines: { line: number }[],
): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true)));
  const expiryField = form.getFieldValue("expiry") === "date" ? "expiryDate" : "expiry";
  const placed = new Map<string, string[]>();
  let all = true;
  for (const field of error.fields) {
    const index = /^ipAllowList\.(\d+)$/.exec(field.field)?.[1];
    let name = field.field;
    let text = field.message;
    if (index !== undefined) {
      name = "ipAllowList";
      text = t("apiKeys:create.ipLine", {
        line: ipLines[Number(index)]?.line ?? Number(index) + 1,
        message: text,
      });
    } else if (/^scopes\.\d+$/.test(field.field)) {
      name = "scopes";
    } else if (field.field === "expiresAt") {
      name = expiryField;
    } else if (!known.has(name)) {
      all = false;
      continue;
    }
    placed.set(name, [...(placed.get(name) ?? []), text]);
  }
  form.setFields([...placed].map(([name, errors]) => ({ name, errors })));
  return all;
}
