import type { ApiRequestPage, ApiRequestView } from "@nc/contracts/api-request-log";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { callsTo, renderPage, stubApi, tenantWith } from "../../../test/render";
import { setScreen } from "../../../test/screen";
import ApiRequestsPage from "./api-requests";

// The shared simulated screen (test/screen.ts): wide unless a test says otherwise.
beforeEach(() => setScreen({ width: 1440 }));

const REQUEST: ApiRequestView = {
  id: "41",
  at: "2026-12-05T10:00:07.123Z",
  keyId: "7d3c2a1e-1111-4a2b-9c3d-0e1f2a3b4c5d",
  keyPrefix: "nc_live_0a1b2c3d4e5f",
  keyName: "Checkout",
  method: "POST",
  path: "/api/v1/check",
  endpoint: "POST /api/v1/check",
  status: 400,
  latencyMs: 3.4,
  errorCode: 40001,
  idempotencyKey: "order-77",
  requestId: "req_5f0c8e2b9a4d4c1e8b7a6f5e4d3c2b1a",
  service: "basic",
};
const OLDER: ApiRequestView = {
  ...REQUEST,
  id: "40",
  at: "2026-12-05T09:59:58.000Z",
  method: "GET",
  path: "/api/v1/balance",
  endpoint: "GET /api/v1/balance",
  status: 200,
  latencyMs: 12.6,
  errorCode: null,
  idempotencyKey: null,
  requestId: "req_00000000000000000000000000000001",
  service: null,
};

const page = (items: ApiRequestView[], nextCursor: string | null = null): ApiRequestPage => ({
  items,
  nextCursor,
});

describe("API requests page", () => {
  it("lists requests with status, call, key and time taken; filters ask the server", async () => {
    const calls = stubApi({
      "GET /api/tenant/api-requests": (call) =>
        call.query.get("status") === "4xx" ? page([REQUEST]) : page([REQUEST, OLDER]),
      "GET /api/tenant/apikey": () => [
        { id: REQUEST.keyId, name: "Checkout", hint: "nc_live_0a1b2c3d4e5f…abcd" },
      ],
    });
    const { user } = await renderPage(<ApiRequestsPage />, { url: "/dashboard/api-requests" });
    const table = await screen.findByTestId("api-request-table");
    await waitFor(() => expect(within(table).getAllByTestId("api-request-status")).toHaveLength(2));
    expect(table.textContent).toContain("POST /api/v1/check");
    expect(table.textContent).toContain("nc_live_0a1b2c3d4e5f");
    expect(table.textContent).toContain("3.4 ms");
    expect(table.textContent).toContain("13 ms");
    expect(table.textContent).toContain("40001");
    expect(callsTo(calls, "GET /api/tenant/api-requests")[0]!.query.get("limit")).toBe("50");

    await user.click(screen.getByTestId("api-request-filter-status").querySelector("input")!);
    await user.click(await screen.findByTitle("4xx"));
    await user.type(screen.getByTestId("api-request-filter-path"), "/api/v1/check");
    await user.click(screen.getByTestId("api-request-apply"));
    await waitFor(() => expect(within(table).getAllByTestId("api-request-status")).toHaveLength(1));
    const last = callsTo(calls, "GET /api/tenant/api-requests").at(-1)!;
    expect(last.query.get("status")).toBe("4xx");
    expect(last.query.get("path")).toBe("/api/v1/check");
    expect(last.query.get("from")).toBeNull();
  });

  it("opens a request's details with every field and its request id to copy", async () => {
    stubApi({
      "GET /api/tenant/api-requests": () => page([REQUEST]),
      "GET /api/tenant/apikey": () => [],
    });
    const { user } = await renderPage(<ApiRequestsPage />, { url: "/dashboard/api-requests" });
    await user.click(await screen.findByTestId("api-request-open"));
    const drawer = await screen.findByTestId("api-request-drawer");
    expect(within(drawer).getByTestId("api-request-id").textContent).toContain(REQUEST.requestId);
    for (const text of ["order-77", "POST /api/v1/check", REQUEST.keyId, "40001", "basic", "Checkout"])
      expect(drawer.textContent).toContain(text);
    expect(within(drawer).getByRole("button", { name: "Copy request id" })).toBeTruthy();
  });

  it("says when there are no requests yet, and when none match the filters", async () => {
    stubApi({
      "GET /api/tenant/api-requests": () => page([]),
      "GET /api/tenant/apikey": () => [],
    });
    const { user } = await renderPage(<ApiRequestsPage />, { url: "/dashboard/api-requests" });
    expect((await screen.findByTestId("api-request-empty")).textContent).toContain("No API requests yet");
    await user.type(screen.getByTestId("api-request-filter-id"), "req_x");
    await user.click(screen.getByTestId("api-request-apply"));
    await waitFor(() =>
      expect(screen.getByTestId("api-request-empty").textContent).toContain("No request matches"),
    );
  });

  it("says the search goes on when a page read its most rows without a match", async () => {
    const calls = stubApi({
      "GET /api/tenant/api-requests": (call) => (call.query.get("cursor") ? page([OLDER]) : page([], "c1")),
      "GET /api/tenant/apikey": () => [],
    });
    const { user } = await renderPage(<ApiRequestsPage />, { url: "/dashboard/api-requests" });
    await user.type(screen.getByTestId("api-request-filter-path"), "/api/v1/bal");
    await user.click(screen.getByTestId("api-request-apply"));
    await waitFor(() =>
      expect(screen.getByTestId("api-request-empty").textContent).toContain("load more to search older ones"),
    );
    await user.click(screen.getByTestId("api-request-more"));
    await waitFor(() => expect(screen.getAllByTestId("api-request-status")).toHaveLength(1));
    expect(callsTo(calls, "GET /api/tenant/api-requests").at(-1)!.query.get("cursor")).toBe("c1");
  });

  it("refuses an error code that is not five digits before asking", async () => {
    const calls = stubApi({
      "GET /api/tenant/api-requests": () => page([]),
      "GET /api/tenant/apikey": () => [],
    });
    const { user } = await renderPage(<ApiRequestsPage />, { url: "/dashboard/api-requests" });
    await screen.findByTestId("api-request-empty");
    await user.type(screen.getByTestId("api-request-filter-code"), "401");
    await user.click(screen.getByTestId("api-request-apply"));
    expect(await screen.findByText("An error code has five digits, e.g. 40001.")).toBeTruthy();
    expect(callsTo(calls, "GET /api/tenant/api-requests")).toHaveLength(1);
  });

  it("shows one card per request on a phone, and does not list keys for a reader who may not", async () => {
    setScreen({ width: 390 });
    const calls = stubApi({ "GET /api/tenant/api-requests": () => page([REQUEST, OLDER], "next") });
    await renderPage(<ApiRequestsPage />, {
      url: "/dashboard/api-requests",
      root: { device: { mobileOrTablet: true, phone: true }, tenant: tenantWith(["apikey_data:read"]) },
    });
    const cards = await screen.findByTestId("api-request-cards");
    expect(within(cards).getAllByTestId("api-request-row")).toHaveLength(2);
    expect(cards.textContent).toContain("Checkout · 3.4 ms · 40001");
    expect(screen.queryByTestId("api-request-table")).toBeNull();
    expect(screen.getByTestId("api-request-more")).toBeTruthy();
    expect(callsTo(calls, "GET /api/tenant/apikey")).toHaveLength(0);
  });
});
