import type { WebhookDeliveryView } from "@nc/contracts/webhooks";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi, tenantWith } from "../../../../test/render";
import { webhookEndpoint } from "../../../../test/webhook-endpoint";
import { READER_TIME, WebhookDeliveriesDrawer } from "./webhook-deliveries-drawer";

const CRM = webhookEndpoint();

const BODY =
  '{"id":"e-1","type":"balance.low","createdAt":"2026-10-02T10:00:00.000Z","data":{"currency":"USD"}}';
const NEXT = "2026-10-02T10:06:00.000Z";

/** A delivery whose first attempt got a 500: pending on the server, waiting for its retry. */
const retrying: WebhookDeliveryView = {
  id: "d-1",
  endpointId: "w-1",
  eventId: "e-1",
  eventType: "balance.low",
  status: "pending",
  attempts: 1,
  responseStatus: 500,
  lastError: { reason: "response", detail: "upstream down" },
  nextAttemptAt: NEXT,
  lastAttemptAt: "2026-10-02T10:01:00.000Z",
  createdAt: "2026-10-02T10:00:00.000Z",
  requestBody: BODY,
  requestHeaders: {
    "content-type": "application/json",
    "webhook-id": "e-1",
    "webhook-signature": "t=1790000000,v1=abc123",
  },
  responseBody: "upstream down",
};

/** Not tried yet: that alone is pending. */
const queued: WebhookDeliveryView = {
  ...retrying,
  id: "d-2",
  eventId: "e-2",
  attempts: 0,
  responseStatus: null,
  lastError: null,
  lastAttemptAt: null,
  requestHeaders: null,
  responseBody: null,
};

async function openDrawer(items: WebhookDeliveryView[]) {
  stubApi({ "GET /api/tenant/webhook/s/w-1/deliveries": () => ({ items, nextCursor: null }) });
  return renderPage(<WebhookDeliveriesDrawer endpoint={CRM} onClose={() => {}} />, {
    root: { tenant: tenantWith(["apikey:read"]) },
  });
}

/** The next attempt as the reader reads it: their language, their time zone. */
const readerTime = (iso: string) => new Intl.DateTimeFormat("en", READER_TIME).format(new Date(iso));

describe("webhook deliveries drawer", () => {
  it("shows a failed attempt awaiting retry as failed, with the next attempt's time, not Pending", async () => {
    await openDrawer([retrying, queued]);
    const rows = await screen.findAllByTestId("webhook-delivery-row");
    const first = rows.find((r) => within(r).queryByText("e-1"))!;
    const tag = within(first).getByTestId("webhook-delivery-status");
    expect(tag.textContent).toBe("Failed");
    expect(tag.getAttribute("data-status")).toBe("retrying");
    expect(within(first).queryByText("Pending")).toBeNull();
    expect(within(first).getByTestId("webhook-next-attempt").textContent).toBe(
      `Next attempt at ${readerTime(NEXT)}`,
    );
    // Never tried: pending, and nothing sent yet.
    const second = rows.find((r) => within(r).queryByText("e-2"))!;
    expect(within(second).getByTestId("webhook-delivery-status").textContent).toBe("Pending");
  });

  it("shows the body sent (pretty-printed, copyable), the headers, and the answer's status and start", async () => {
    const { user } = await openDrawer([retrying]);
    await screen.findAllByTestId("webhook-delivery-row");
    await user.click(screen.getAllByRole("button", { name: /expand row/i })[0]!);
    const details = await screen.findByTestId("webhook-delivery-details");
    const body = within(details).getByTestId("webhook-request-body");
    expect(body.tagName).toBe("PRE");
    expect(body.textContent).toBe(JSON.stringify(JSON.parse(BODY), null, 2));
    expect(within(details).getByRole("button", { name: /copy/i })).toBeTruthy();
    expect(within(details).getByTestId("webhook-request-headers").textContent).toContain(
      "webhook-signature: t=1790000000,v1=abc123",
    );
    expect(within(details).getByTestId("webhook-response-body").textContent).toBe("upstream down");
    expect(within(details).getByText("500")).toBeTruthy();
  });
});
