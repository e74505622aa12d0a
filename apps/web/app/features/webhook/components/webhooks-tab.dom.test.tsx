import type { WebhookEndpointView } from "@nc/contracts/webhooks";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { webhookEndpoint } from "../../../../test/webhook-endpoint";
import { WebhooksTab } from "./webhooks-tab";

const endpoint = (id: string, url: string) => webhookEndpoint({ id, url, events: ["job.completed"] });

const CRM = endpoint("w-1", "https://crm.example.com/hooks");

async function openTab(
  endpoints: WebhookEndpointView[],
  permissions = ["apikey:*"],
  routes: Record<string, () => unknown> = {},
) {
  const calls = stubApi({ "GET /api/tenant/webhook": () => endpoints, ...routes });
  const page = await renderPage(<WebhooksTab />, {
    url: "/dashboard/api-keys?tab=webhooks",
    pattern: "/dashboard/api-keys",
    root: { tenant: tenantWith(permissions) },
  });
  return { ...page, calls };
}

/** Opens the endpoint's "More" menu and picks an entry. */
async function more(user: Awaited<ReturnType<typeof openTab>>["user"], entry: string) {
  await user.click(await screen.findByRole("button", { name: /More/ }));
  await user.click(await screen.findByRole("menuitem", { name: entry }));
}

/** The confirm dialog's button of that label (antd keeps closed dialogs in the page here). */
const dialogButton = (label: string) =>
  vi.waitFor(() => {
    const button = screen
      .getAllByRole("button", { name: label })
      .find((b) => b.closest(".ant-modal-confirm"));
    if (!button) throw new Error(`no "${label}" in a dialog`);
    return button;
  });

describe("webhooks tab", () => {
  it("counts the endpoints against the limit", async () => {
    await openTab([CRM]);
    expect(await screen.findByText("1 of 20 endpoints")).toBeTruthy();
    expect(screen.getByText("https://crm.example.com/hooks")).toBeTruthy();
  });

  it("says which events wait for their creator's rights", async () => {
    await openTab([{ ...CRM, events: ["job.completed", "balance.low"], pausedEvents: ["balance.low"] }]);
    expect((await screen.findAllByText("Paused: Balance low")).length).toBeGreaterThan(0);
  });

  it("sends a test event and says where its answer will be", async () => {
    const { user, calls } = await openTab([CRM], ["apikey:*"], {
      "POST /api/tenant/webhook/s/w-1/ping": () => ({}),
    });
    await more(user, "Send test event");
    expect(await screen.findByText("Test event queued. See the deliveries for the answer.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/webhook/s/w-1/ping")).toHaveLength(1);
  });

  it("rolls the signing secret after the question and shows the new one once", async () => {
    const { user, calls } = await openTab([CRM], ["apikey:*"], {
      "POST /api/tenant/webhook/s/w-1/roll": () => ({ endpoint: CRM, secret: "whsec_new_secret" }),
    });
    await more(user, "Roll secret");
    expect((await screen.findAllByText("Roll the signing secret?")).length).toBeGreaterThan(0);
    expect(callsTo(calls, "POST /api/tenant/webhook/s/w-1/roll")).toEqual([]);
    await user.click(await dialogButton("Roll secret"));
    const secret = await screen.findByRole("textbox", { name: "Signing secret" });
    expect((secret as HTMLTextAreaElement).value).toBe("whsec_new_secret");
  });

  it("deletes an endpoint after the question", async () => {
    const { user, calls } = await openTab([CRM], ["apikey:*"], {
      "DELETE /api/tenant/webhook/s/w-1": () => ({ id: "w-1" }),
    });
    await more(user, "Delete");
    await user.click(await dialogButton("Delete"));
    expect(await screen.findByText("Endpoint deleted.")).toBeTruthy();
    expect(callsTo(calls, "DELETE /api/tenant/webhook/s/w-1")).toHaveLength(1);
  });

  it("opens the form filled in with the endpoint to edit", async () => {
    const { user } = await openTab([CRM]);
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    expect(((await screen.findByLabelText("Endpoint URL")) as HTMLInputElement).value).toBe(CRM.url);
  });

  it("a member who may only read webhooks sees the list and its log, nothing to change", async () => {
    await openTab([CRM], ["apikey:read"]);
    const row = (await screen.findByText("https://crm.example.com/hooks")).closest("tr") as HTMLElement;
    expect(within(row).getByRole("button", { name: "Deliveries" })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(row).queryByRole("button", { name: /More/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add endpoint/ })).toBeNull();
  });

  it("at twenty endpoints no more can be added", async () => {
    const many = Array.from({ length: 20 }, (_, i) => endpoint(`w-${i}`, `https://h${i}.example.com/`));
    await openTab(many);
    await screen.findByText("20 of 20 endpoints");
    expect((screen.getByRole("button", { name: /Add endpoint/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("with no endpoints invites those who may to add the first", async () => {
    const { user } = await openTab([]);
    await user.click(await screen.findByRole("button", { name: /Add your first endpoint/ }));
    expect(await screen.findByLabelText("Endpoint URL")).toBeTruthy();
  });
});
