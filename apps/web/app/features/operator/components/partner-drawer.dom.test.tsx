import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../../test/render";
import { PartnerDrawer } from "./partner-drawer";

const CREATE = "POST /api/operator/partners";

describe("PartnerDrawer", () => {
  it("refuses a colour that is not #rrggbb before calling the server, then sends the brand with no staff organisation", async () => {
    const calls = stubApi({ [CREATE]: () => ({ id: "p-2" }) });
    const onClose = vi.fn();
    const { user } = await renderPage(<PartnerDrawer editing={null} onClose={onClose} />);
    await user.type(await screen.findByLabelText("Name"), "Acme Checks");
    await user.type(screen.getByLabelText("Sub-domain"), "acme");
    const color = screen.getByTestId("partner-primaryColor");
    await user.type(color, "yellow");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(color, "Enter a colour as #rrggbb");
    expect(callsTo(calls, CREATE)).toEqual([]);

    await user.clear(color);
    await user.type(color, "#ffcc00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(calls, CREATE)[0]!.body).toMatchObject({
      name: "Acme Checks",
      subDomain: "acme",
      primaryColor: "#ffcc00",
      currency: "USD",
      staffTenantId: null,
    });
  });

  it("shows the server's refusal of a host under the sub-domain", async () => {
    stubApi({
      [CREATE]: () =>
        new Refusal(ERRORS.validation.code, "Invalid request", {
          fields: [{ field: "subDomain", reason: "host_taken", message: "Another partner uses this host." }],
        }),
    });
    const { user } = await renderPage(<PartnerDrawer editing={null} onClose={() => {}} />);
    await user.type(await screen.findByLabelText("Name"), "Acme Checks");
    const sub = screen.getByLabelText("Sub-domain");
    await user.type(sub, "taken");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(sub, "Another partner uses this host.");
  });

  it("says a pale colour misses 4.5:1 on white and names the shade the site will use", async () => {
    stubApi({});
    const { user } = await renderPage(<PartnerDrawer editing={null} onClose={() => {}} />);
    await user.type(await screen.findByTestId("partner-primaryColor"), "#ffcc00");
    await vi.waitFor(() =>
      expect(screen.getByTestId("contrast-note").textContent).toMatch(
        /On light pages the colour reaches only 1\.\d:1 .* readable shade #[0-9a-f]{6}/,
      ),
    );
  });
});
