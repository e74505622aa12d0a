import type { OperatorPartnerView } from "@nc/contracts/operator";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OWN_PARTNER, operatorMe } from "../../../../test/operator-me";
import { callsTo, renderPage, shownOptions, stubApi } from "../../../../test/render";
import { GrantOperatorModal } from "./grant-operator-modal";

const ACME = "5d0c1b7e-0000-4000-8000-000000000002";

const partner = (id: string, name: string, hosts: Partial<OperatorPartnerView>): OperatorPartnerView => ({
  id,
  name,
  domain: "",
  subDomain: "",
  email: "",
  logo: "",
  darkLogo: "",
  currency: "USD",
  primaryColor: "",
  isDefault: id === OWN_PARTNER,
  staffTenantId: null,
  customers: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...hosts,
});

const PARTNERS = [
  partner(OWN_PARTNER, "NumCheck", {}),
  partner(ACME, "Acme Checks", { subDomain: "acme" }),
  partner("5d0c1b7e-0000-4000-8000-000000000003", "Globex", { domain: "checks.globex.com" }),
];

describe("grant operator access", () => {
  it("a platform operator picks the partner site by name or address from the partner list", async () => {
    const calls = stubApi({
      "GET /api/operator/partners": () => PARTNERS,
      "POST /api/operator/operators": () => null,
    });
    const { user } = await renderPage(
      <GrantOperatorModal me={operatorMe("platform")} editing={null} onClose={() => {}} />,
      {
        root: { publicUrl: "https://numbercheck.example" },
      },
    );
    const select = await screen.findByRole("combobox", { name: "Partner site" });
    await user.click(select);
    await vi.waitFor(() => expect(shownOptions().map((o) => o.label)).toHaveLength(3));
    // Each partner with the address it answers on; the search finds one by its address.
    expect(document.querySelector(".ant-select-dropdown")?.textContent).toContain(
      "Acme Checksacme.numbercheck.example",
    );
    await user.type(select, "globex.com");
    await vi.waitFor(() => expect(shownOptions().map((o) => o.label)).toEqual(["Globex"]));
    await user.clear(select);
    await user.type(select, "acme");
    await user.click(await screen.findByTitle("Acme Checks"));

    await user.type(screen.getByTestId("grant-email"), "rita@example.com");
    await user.click(screen.getByTestId("right-operator.audit:read"));
    await user.click(screen.getByTestId("grant-submit"));
    await vi.waitFor(() => expect(callsTo(calls, "POST /api/operator/operators")).toHaveLength(1));
    expect(callsTo(calls, "POST /api/operator/operators")[0]?.body).toMatchObject({
      email: "rita@example.com",
      partnerId: ACME,
      permissions: ["operator.audit:read"],
    });
  });

  it("a partner operator's own site is named and fixed, and the list is not asked for", async () => {
    const calls = stubApi({});
    await renderPage(<GrantOperatorModal me={operatorMe("partner")} editing={null} onClose={() => {}} />);
    const select = await screen.findByRole("combobox", { name: "Partner site" });
    expect(select.hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("grant-partner").textContent).toContain("NumCheck");
    expect(calls).toEqual([]);
  });
});
