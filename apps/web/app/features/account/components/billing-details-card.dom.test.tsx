import type { BillingDetails } from "@nc/contracts/billing-details";
import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { BillingDetailsCard } from "./billing-details-card";

const SAVED: BillingDetails = {
  legalName: "Globex Comércio Ltda",
  addressLine1: "Avenida Paulista 1000",
  addressLine2: null,
  city: "São Paulo",
  postalCode: "01310-100",
  region: "SP",
  country: "BR",
  taxId: "11.222.333/0001-81",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

async function openCard(
  details: BillingDetails | null,
  permissions = ["account:read", "tenant:update"],
  post?: () => unknown,
) {
  const calls = stubApi({
    "GET /api/tenant/account/billing-details": () => details,
    "POST /api/tenant/account/billing-details": post ?? ((call) => ({ ...SAVED, ...(call.body as object) })),
  });
  const page = await renderPage(<BillingDetailsCard tenantId="t-1" />, {
    url: "/dashboard/account",
    root: { tenant: tenantWith(permissions) },
  });
  await screen.findByTestId("billing-details-card");
  return { ...page, calls };
}

const posted = (calls: Awaited<ReturnType<typeof openCard>>["calls"]) =>
  callsTo(calls, "POST /api/tenant/account/billing-details").map((c) => c.body);

describe("billing details", () => {
  it("checks the tax number against the country before sending, then saves", async () => {
    const { user, calls } = await openCard(SAVED);
    const taxId = (await screen.findByLabelText("VAT or tax number")) as HTMLInputElement;
    expect(taxId.value).toBe("11.222.333/0001-81");
    await user.clear(taxId);
    await user.type(taxId, "11.222.333/0001-82");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(taxId, "The check digits of this tax number do not match");
    await user.clear(taxId);
    await user.type(taxId, "1234");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(taxId, "write it like 11.222.333/0001-81");
    expect(posted(calls)).toEqual([]);

    await user.clear(taxId);
    await user.type(taxId, "529.982.247-25");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Billing details saved.")).toBeTruthy();
    expect(posted(calls)).toEqual([
      expect.objectContaining({
        legalName: SAVED.legalName,
        country: "BR",
        taxId: "529.982.247-25",
        addressLine2: "",
      }),
    ]);
  });

  it("names each missing field, and shows the server's refusal under the field it names", async () => {
    const refusal = new Refusal(
      ERRORS.validation.code,
      "legalName: Must be at most 200 characters.",
      { fields: [{ field: "legalName", reason: "too_long", message: "Must be at most 200 characters." }] },
      400,
    );
    const { user, calls } = await openCard(SAVED, undefined, () => refusal);
    const legalName = (await screen.findByLabelText("Legal name")) as HTMLInputElement;
    await user.clear(legalName);
    await user.clear(screen.getByLabelText("City"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(legalName, "This field is required.");
    await expectFieldError(screen.getByLabelText("City"), "This field is required.");
    expect(posted(calls)).toEqual([]);

    await user.type(legalName, "Initech");
    await user.type(screen.getByLabelText("City"), "Austin");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(legalName, "Must be at most 200 characters.");
    expect(posted(calls)).toEqual([
      expect.objectContaining({ legalName: "Initech", city: "Austin", country: "BR" }),
    ]);
  });

  it("is read-only without the right to change money settings", async () => {
    await openCard(SAVED, ["account:read"]);
    expect(((await screen.findByLabelText("Legal name")) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Brazil")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("says so when there are none and they cannot be changed here", async () => {
    await openCard(null, ["account:read"]);
    expect((await screen.findByTestId("billing-none")).textContent).toContain("organisation's name");
  });
});
