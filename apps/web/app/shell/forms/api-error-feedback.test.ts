import { ERRORS } from "@nc/contracts/errors";
import type { FormInstance } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import type { TFunction } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { ApiError, DOWNLOAD_WITHOUT_FILE_CODE } from "../http/api-error";
import { errorText, showApiError } from "./api-error-feedback";

const t = ((key: string) => key) as TFunction;

function fakeForm(values: Record<string, unknown>) {
  const setFields = vi.fn();
  return { form: { getFieldsValue: () => values, setFields } as unknown as FormInstance, setFields };
}

describe("the text of a failed call", () => {
  it("words the client's own failures in the person's language, and the server's as it sent them", () => {
    expect(errorText(new ApiError(-1, "network"), t)).toBe("errors:network");
    expect(errorText(new ApiError(DOWNLOAD_WITHOUT_FILE_CODE, "noFile", null, 200), t)).toBe(
      "common:errors.downloadWithoutFile",
    );
    expect(errorText(new ApiError(ERRORS.badRequest.code, "Bad."), t)).toBe("Bad.");
    expect(errorText(new Error("boom"), t)).toBe("errors:internal");
  });
});

describe("API errors on a form", () => {
  it("puts a wrong password under the password field instead of a passing message", () => {
    const { form, setFields } = fakeForm({ email: "a@example.com", password: "nope" });
    const message = { error: vi.fn() } as unknown as MessageInstance;
    showApiError(new ApiError(ERRORS.credentialsInvalid.code, "Wrong e-mail or password."), t, message, form);
    expect(setFields).toHaveBeenCalledWith([{ name: "password", errors: ["Wrong e-mail or password."] }]);
    expect(message.error).not.toHaveBeenCalled();
  });

  it("keeps the message for a form without that field, and for other errors", () => {
    const message = { error: vi.fn() } as unknown as MessageInstance;
    const { form, setFields } = fakeForm({ oldPassword: "x" });
    showApiError(new ApiError(ERRORS.passwordWrong.code, "Wrong password."), t, message, form);
    showApiError(new ApiError(ERRORS.badRequest.code, "Bad."), t, message, fakeForm({ password: "" }).form);
    expect(setFields).not.toHaveBeenCalled();
    expect(message.error).toHaveBeenCalledTimes(2);
  });

  it("puts the errors of a list's items under the list's field, each text once", () => {
    const { form, setFields } = fakeForm({ url: "https://example.com", events: ["a", "b", "c"] });
    const message = { error: vi.fn() } as unknown as MessageInstance;
    const fields = [
      { field: "events.0", reason: "permission_not_held", message: "Not held: account:read." },
      { field: "events.2", reason: "permission_not_held", message: "Not held: account:read." },
      { field: "events.1", reason: "permission_not_held", message: "Not held: detection:read." },
    ];
    showApiError(new ApiError(ERRORS.validation.code, "Invalid.", { fields }), t, message, form);
    expect(setFields).toHaveBeenCalledWith([
      { name: "events", errors: ["Not held: account:read.", "Not held: detection:read."] },
    ]);
    expect(message.error).not.toHaveBeenCalled();
  });
});
