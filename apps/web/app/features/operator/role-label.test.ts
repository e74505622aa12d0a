import { describe, expect, it } from "vitest";
import { createI18n } from "../../shell/i18n/i18n";
import { messagesFor } from "../../shell/i18n/messages.server";
import { roleLabel } from "./role-label";

describe("role label", () => {
  const t = createI18n("es", messagesFor("es")).t;
  it("translates a built-in role's key and keeps a custom role's name", () => {
    expect(roleLabel("owner", t)).not.toBe("owner");
    expect(roleLabel("owner", t)).toBe(t("tenant:builtInRoles.owner"));
    expect(roleLabel("Night shift", t)).toBe("Night shift");
  });
});
