import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  callsTo,
  confirmPopover,
  expectFieldError,
  pickOption,
  Refusal,
  renderPage,
  stubApi,
  tenantWith,
} from "../../../../test/render";
import { SettingsTab } from "./settings-tab";

const ZONES = [
  { code: "UTC", offset: "+00:00" },
  { code: "America/Lima", offset: "-05:00" },
];

async function openSettings(permissions: string[], routes: Record<string, () => unknown> = {}) {
  const calls = stubApi({ "GET /api/tenant/pub/timezone": () => ZONES, ...routes });
  const page = await renderPage(<SettingsTab />, {
    url: "/dashboard/tenant?tab=settings",
    pattern: "/dashboard/tenant",
    root: { tenant: tenantWith(permissions) },
  });
  return { ...page, calls };
}

describe("organisation settings", () => {
  it("saves the name, time zone and file-column choice together", async () => {
    const { user, calls } = await openSettings(["tenant:update"], {
      "POST /api/tenant/s/t-1": () => ({
        id: "t-1",
        name: "Acme Ltd",
        timezoneCode: "America/Lima",
        keepFileColumns: true,
      }),
    });
    const name = screen.getByLabelText("Organisation name") as HTMLInputElement;
    expect(name.value).toBe("Acme");
    await user.clear(name);
    await user.type(name, "Acme Ltd");
    await pickOption(user, screen.getByRole("combobox", { name: "Time zone" }), "(UTC-05:00) America/Lima");
    await user.click(screen.getByRole("switch", { name: "Keep my file's other columns in results" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Organisation saved.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/s/t-1")[0]?.body).toEqual({
      name: "Acme Ltd",
      timezoneCode: "America/Lima",
      keepFileColumns: true,
    });
  });

  it("refuses an empty name before calling the server, and shows the server's verdict on a name under it", async () => {
    const { user, calls } = await openSettings(["tenant:update"], {
      "POST /api/tenant/s/t-1": () =>
        new Refusal(ERRORS.validation.code, "Invalid request", {
          fields: [{ field: "name", reason: "name_taken", message: "This name is already used." }],
        }),
    });
    const name = screen.getByLabelText("Organisation name");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(name, "This field is required.");
    expect(callsTo(calls, "POST /api/tenant/s/t-1")).toEqual([]);
    await user.type(name, "Globex");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(name, "This name is already used.");
  });

  it("shows the settings as text to a member who may not change them", async () => {
    await openSettings(["tenant:read"]);
    expect(screen.queryByLabelText("Organisation name")).toBeNull();
    expect(screen.getByText("Acme")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("leaves the organisation after the question and goes to the list of organisations", async () => {
    const { user, calls } = await openSettings(["tenant:read"], {
      "POST /api/tenant/s/t-1/leave": () => ({ left: true }),
    });
    await user.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Leave Acme?")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/s/t-1/leave")).toEqual([]);
    await confirmPopover(user, "Leave");
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/tenants");
    expect(callsTo(calls, "POST /api/tenant/s/t-1/leave")).toHaveLength(1);
  });

  it("the last owner is told why they cannot leave, and stays", async () => {
    const { user } = await openSettings(["tenant:read"], {
      "POST /api/tenant/s/t-1/leave": () =>
        new Refusal(ERRORS.lastOwner.code, "Make someone else an owner before you leave.", null, 400),
    });
    await user.click(screen.getByRole("button", { name: "Leave" }));
    await confirmPopover(user, "Leave");
    expect(await screen.findByText("Make someone else an owner before you leave.")).toBeTruthy();
    expect(screen.queryByLabelText("landed")).toBeNull();
  });
});
