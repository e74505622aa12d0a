import { ERRORS } from "@nc/contracts/errors";
import type { WebhookEndpointView } from "@nc/contracts/webhooks";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { webhookEndpoint } from "../../../../test/webhook-endpoint";
import { WebhookFormModal } from "./webhook-form-modal";

const ENDPOINT = webhookEndpoint({ description: "CRM" });

async function openForm(
  endpoint: WebhookEndpointView | null,
  routes: Record<string, () => unknown> = {},
  /** The member's rights; by default an Owner's. */
  permissions?: string[],
) {
  const calls = stubApi(routes);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const page = await renderPage(
    <WebhookFormModal open endpoint={endpoint} onClose={onClose} onCreated={onCreated} />,
    permissions ? { root: { tenant: tenantWith(permissions) } } : {},
  );
  return { ...page, calls, onClose, onCreated, url: screen.getByLabelText("Endpoint URL") };
}

const event = (label: string) =>
  screen.getByRole("checkbox", { name: new RegExp(label) }) as HTMLInputElement;

describe("webhook endpoint form", () => {
  it.each([
    ["", "This field is required."],
    ["crm.example.com/hooks", "Enter a full address such as https://example.com/webhooks."],
    ["ftp://crm.example.com/hooks", "The address must start with https:// or http://."],
    ["https://bot:secret@crm.example.com/hooks", "Leave the user name and password out of the address"],
  ])("refuses the address %j with a precise reason", async (typed, reason) => {
    const { user, url, calls } = await openForm(null);
    if (typed) await user.type(url, typed);
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    await expectFieldError(url, reason);
    expect(calls).toEqual([]);
  });

  it("names under the field both schemes its check accepts, and takes an http:// address", async () => {
    const { user, url, calls } = await openForm(null, {
      "POST /api/tenant/webhook": () => ({ endpoint: ENDPOINT, secret: "whsec_full" }),
    });
    const hint = screen.getByText(/^Where events are sent/).textContent ?? "";
    expect([hint.includes("https://"), hint.includes("http://")]).toEqual([true, true]);
    await user.type(url, "http://crm.example.com/hooks");
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    await vi.waitFor(() => expect(callsTo(calls, "POST /api/tenant/webhook")).toHaveLength(1));
  });

  it("subscribes a new endpoint to finished and failed jobs unless changed, and hands its secret on", async () => {
    const created = { endpoint: ENDPOINT, secret: "whsec_full" };
    const { user, url, calls, onCreated } = await openForm(null, {
      "POST /api/tenant/webhook": () => created,
    });
    expect([
      event("Job completed").checked,
      event("Job failed").checked,
      event("Balance low").checked,
    ]).toEqual([true, true, false]);
    await user.type(url, "  https://crm.example.com/hooks ");
    await user.click(event("Balance low"));
    await user.click(event("Job completed"));
    await user.type(screen.getByLabelText("Description"), " Orders ");
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(callsTo(calls, "POST /api/tenant/webhook")[0]?.body).toEqual({
      url: "https://crm.example.com/hooks",
      events: ["job.failed", "balance.low"],
      description: "Orders",
    });
  });

  it("wants at least one event", async () => {
    const { user, url, calls } = await openForm(null);
    await user.type(url, "https://crm.example.com/hooks");
    await user.click(event("Job completed"));
    await user.click(event("Job failed"));
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(await screen.findByText("Choose at least one event.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("puts a target the server refuses (a private address) under the URL", async () => {
    const { user, url, onCreated } = await openForm(null, {
      "POST /api/tenant/webhook": () =>
        new Refusal(
          ERRORS.webhookTargetForbidden.code,
          "This address points into a private network.",
          null,
          400,
        ),
    });
    await user.type(url, "https://10.0.0.5/hooks");
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    await expectFieldError(url, "This address points into a private network.");
    expect(onCreated).not.toHaveBeenCalled();
    expect((url as HTMLInputElement).value).toBe("https://10.0.0.5/hooks");
  });

  it("edits an endpoint from what it holds, can pause it, and saves under its id", async () => {
    const { user, url, calls, onClose } = await openForm(ENDPOINT, {
      "POST /api/tenant/webhook/s/w-1": () => ENDPOINT,
    });
    expect(screen.getAllByText("Edit endpoint").length).toBeGreaterThan(0);
    expect((url as HTMLInputElement).value).toBe(ENDPOINT.url);
    expect(event("Balance low").checked).toBe(true);
    expect(event("Job completed").checked).toBe(false);
    await user.click(screen.getByRole("checkbox", { name: "Send events to this endpoint" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // Address and events unchanged are not sent: the server checks those against the editor's rights.
    expect(callsTo(calls, "POST /api/tenant/webhook/s/w-1")[0]?.body).toEqual({
      description: "CRM",
      enabled: false,
    });
    expect(await screen.findByText("Endpoint saved.")).toBeTruthy();
  });

  it("offers an event whose data the member may not read disabled, with the reason", async () => {
    const { user, url, calls, onCreated } = await openForm(
      null,
      { "POST /api/tenant/webhook": () => ({ endpoint: ENDPOINT, secret: "whsec_full" }) },
      ["apikey:read", "apikey:create", "detection:read"],
    );
    // The balance and the keys' spend events all need the account's data.
    for (const label of ["Balance low", "API key spend at 80 %", "API key limit reached"]) {
      expect(event(label).disabled).toBe(true);
      expect(event(label).checked).toBe(false);
    }
    expect(
      screen.getAllByText("Your role does not hold Account · View, which this event's data needs."),
    ).toHaveLength(3);
    expect([event("Job completed").checked, event("Job failed").checked]).toEqual([true, true]);
    await user.type(url, "https://crm.example.com/hooks");
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(callsTo(calls, "POST /api/tenant/webhook")[0]?.body).toMatchObject({
      events: ["job.completed", "job.failed"],
    });
  });

  it("lets a member without the right take such an event off an endpoint, and shows a refusal on the events", async () => {
    const refusal = new Refusal(
      ERRORS.validation.code,
      "Invalid.",
      {
        fields: [
          {
            field: "events.0",
            reason: "permission_not_held",
            message: "You cannot grant a right you do not hold: account:read.",
          },
        ],
      },
      400,
    );
    const { user, url, calls } = await openForm(
      ENDPOINT,
      { "POST /api/tenant/webhook/s/w-1": () => refusal },
      ["apikey:read", "apikey:create", "detection:read"],
    );
    expect(event("Balance low").disabled).toBe(false);
    await user.clear(url);
    await user.type(url, "https://other.example.com/hooks");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("You cannot grant a right you do not hold: account:read.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/webhook/s/w-1")[0]?.body).toEqual({
      url: "https://other.example.com/hooks",
      description: "CRM",
      enabled: true,
    });
  });
});
