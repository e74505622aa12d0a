import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../../test/render";
import { CreateApiKeyModal } from "./create-api-key-modal";

const CREATED: ApiKeyCreatedView = {
  key: {
    id: "k-1",
    name: "CRM sync",
    mode: "live",
    scopes: ["check"],
    hint: "nc_live_4f3k…abcd",
    ipAllowList: [],
    expiresAt: null,
    lastUsedAt: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    createdBy: null,
    revokedAt: null,
    status: "active",
    spend: {
      currency: "USD",
      dailyLimitMicros: null,
      monthlyLimitMicros: null,
      todayMicros: "0",
      thisMonthMicros: "0",
    },
  },
  secret: "nc_live_secret",
};

async function openCreate(answer: () => unknown = () => CREATED) {
  const calls = stubApi({ "POST /api/tenant/apikey": answer });
  const onCreated = vi.fn();
  const page = await renderPage(<CreateApiKeyModal open onClose={() => {}} onCreated={onCreated} />);
  return {
    ...page,
    calls,
    onCreated,
    name: screen.getByLabelText("Name"),
    ips: screen.getByLabelText("IP allow-list (optional)"),
    submit: screen.getByRole("button", { name: "Create key" }),
  };
}

const scope = (label: string) =>
  screen.getByRole("checkbox", { name: new RegExp(label) }) as HTMLInputElement;

describe("API key creation", () => {
  it("starts live with check and both job permissions, and sends the permissions in the catalogue's order", async () => {
    const { user, name, submit, calls, onCreated } = await openCreate();
    expect((screen.getByRole("radio", { name: /Live/ }) as HTMLInputElement).checked).toBe(true);
    expect(["Check numbers", "Submit jobs", "Read jobs", "Read usage"].map((l) => scope(l).checked)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    await user.type(name, "  CRM sync ");
    await user.click(scope("Check numbers"));
    await user.click(scope("Read usage"));
    await user.click(scope("Check numbers"));
    await user.click(screen.getByRole("radio", { name: /Test/ }));
    await user.click(submit);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    expect(callsTo(calls, "POST /api/tenant/apikey")[0]?.body).toEqual({
      name: "CRM sync",
      mode: "test",
      scopes: ["check", "jobs:write", "jobs:read", "usage:read"],
    });
  });

  it("wants a name and at least one permission", async () => {
    const { user, name, submit, calls } = await openCreate();
    for (const label of ["Check numbers", "Submit jobs", "Read jobs"]) await user.click(scope(label));
    await user.click(submit);
    expect(await screen.findByText("Choose at least one permission.")).toBeTruthy();
    await expectFieldError(name, "This field is required.");
    expect(calls).toEqual([]);
  });

  it("names the first line of the allow-list that is not an address or range", async () => {
    const { user, name, ips, submit, calls } = await openCreate();
    await user.type(name, "Office");
    await user.type(ips, "203.0.113.7{Enter}{Enter}not-an-address{Enter}10.0.0.0/8");
    await user.click(submit);
    await expectFieldError(ips, "Line 3:");
    expect(calls).toEqual([]);
  });

  it("puts the server's verdict on an allow-list entry on the line the person typed it", async () => {
    const { user, name, ips, submit, calls, onCreated } = await openCreate(
      () =>
        new Refusal(
          ERRORS.validation.code,
          "Invalid request",
          { fields: [{ field: "ipAllowList.1", reason: "invalid", message: "This value is not valid." }] },
          400,
        ),
    );
    await user.type(name, "Office");
    await user.type(ips, "203.0.113.7{Enter}{Enter}10.0.0.0/8");
    await user.click(submit);
    await expectFieldError(ips, "Line 3: This value is not valid.");
    expect(callsTo(calls, "POST /api/tenant/apikey")[0]?.body).toMatchObject({
      ipAllowList: ["203.0.113.7", "10.0.0.0/8"],
    });
    expect(onCreated).not.toHaveBeenCalled();
    expect((name as HTMLInputElement).value).toBe("Office");
  });

  it("sends the spend limits typed, and names a limit that is not an amount", async () => {
    const { user, name, submit, calls, onCreated } = await openCreate();
    await user.type(name, "Shop");
    const daily = screen.getByLabelText("Daily limit");
    await user.type(daily, "0");
    await user.click(submit);
    await expectFieldError(daily, "Enter an amount above zero with at most six decimals.");
    expect(calls).toEqual([]);
    await user.clear(daily);
    await user.type(daily, " 25.5 ");
    await user.type(screen.getByLabelText("Monthly limit"), "500");
    await user.click(submit);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(callsTo(calls, "POST /api/tenant/apikey")[0]?.body).toMatchObject({
      dailyLimit: "25.5",
      monthlyLimit: "500",
    });
  });
});
