import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, expectFieldError, pickOption, Refusal, renderPage, stubApi } from "../../../../test/render";
import { CreateTenantButton, CreateTenantInline } from "./create-tenant-button";

const ZONES = [
  { code: "UTC", offset: "+00:00" },
  { code: "Europe/Madrid", offset: "+01:00" },
];

function tenantServer(answer: () => unknown = () => ({ id: "t-new" })) {
  return stubApi({ "GET /api/tenant/pub/timezone": () => ZONES, "POST /api/tenant": answer });
}

describe("creating an organisation", () => {
  it("creates it with the name and time zone chosen, makes it the active one and opens its dashboard", async () => {
    const calls = tenantServer();
    const { user } = await renderPage(<CreateTenantInline />, {
      url: "/dashboard/no-tenant",
      root: { tenant: null, tenantCount: 0 },
    });
    await user.type(screen.getByLabelText("Organisation name"), "Globex");
    await pickOption(user, screen.getByRole("combobox", { name: "Time zone" }), "(UTC+01:00) Europe/Madrid");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard");
    expect(callsTo(calls, "POST /api/tenant")[0]?.body).toEqual({
      name: "Globex",
      timezoneCode: "Europe/Madrid",
    });
    expect(document.cookie).toContain("t-new");
  });

  it("wants a name, and shows the server's verdict on it under the field", async () => {
    const calls = tenantServer(
      () =>
        new Refusal(ERRORS.validation.code, "Invalid request", {
          fields: [
            {
              field: "name",
              reason: "name_taken",
              message: "You already have an organisation with this name.",
            },
          ],
        }),
    );
    const { user } = await renderPage(<CreateTenantInline />, { root: { tenant: null, tenantCount: 0 } });
    const name = screen.getByLabelText("Organisation name");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await expectFieldError(name, "This field is required.");
    expect(callsTo(calls, "POST /api/tenant")).toEqual([]);
    await user.type(name, "Globex");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await expectFieldError(name, "You already have an organisation with this name.");
    expect(screen.queryByLabelText("landed")).toBeNull();
  });

  it("opens the form in a dialog from the button", async () => {
    tenantServer();
    const { user } = await renderPage(<CreateTenantButton />, { root: { tenantCount: 3 } });
    await user.click(screen.getByRole("button", { name: /Create organisation/ }));
    expect(await screen.findByLabelText("Organisation name")).toBeTruthy();
  });

  it("at the limit of organisations the button is off and says why", async () => {
    tenantServer();
    await renderPage(<CreateTenantButton />, { root: { tenantCount: 10 } });
    expect((screen.getByRole("button", { name: /Create organisation/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      screen.getByText("You belong to 10 organisations, the most allowed. Leave one to create another."),
    ).toBeTruthy();
  });
});
