import { AUDIT_ACTIONS } from "@nc/contracts/audit";
import { LOCALES } from "@nc/contracts/locales";
import { describe, expect, it } from "vitest";
import { describe as describeEvent, scrubDetails } from "./audit-service";

describe("audit service", () => {
  it("describes every action of the catalogue in every language (no key shown instead of a sentence)", () => {
    for (const locale of LOCALES)
      for (const action of AUDIT_ACTIONS) {
        const text = describeEvent({ action, details: { name: "N", email: "e@x", url: "u" } }, locale);
        expect(text, `${locale} ${action}`).not.toContain("audit:");
        expect(text, `${locale} ${action}`).not.toContain("{{");
      }
  });

  it("drops fields that look like secrets at any depth, keeps the rest", () => {
    expect(
      scrubDetails({
        name: "ci",
        roleKey: "admin",
        secret: "whsec_x",
        nested: { password: "p", tokenHash: "h", keep: 1, list: [{ apiKeyDigest: "d", ok: true }] },
        code: "123456",
      }),
    ).toEqual({ name: "ci", roleKey: "admin", nested: { keep: 1, list: [{ ok: true }] } });
  });

  it("shows changes as before → after, lists as added and removed, money in the reader's way", () => {
    const changes = describeEvent(
      {
        action: "role.updated",
        details: {
          name: "Ops",
          before: { permissions: ["a:read", "b:read"] },
          after: { permissions: ["b:read", "c:read"] },
        },
      },
      "en",
    );
    expect(changes).toBe("Changed the role “Ops”: Permissions: + c:read; − a:read");
    const money = describeEvent(
      { action: "balance.added", details: { amountMicros: "1500000", currency: "EUR", reason: "r" } },
      "es",
    );
    expect(money).toMatch(/^Añadió 1,50\s€ al saldo: r$/);
  });
});
