import type { DetectionHistoryPage, DetectionJobView } from "@nc/contracts/detection-single";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  type ApiCall,
  callsTo,
  pickOption,
  Refusal,
  renderPage,
  stubApi,
  tenantWith,
} from "../../../test/render";
import HistoryPage from "./history";

function job(id: string, change: Partial<DetectionJobView> = {}): DetectionJobView {
  return {
    id,
    service: "basic",
    kind: "list",
    channel: "web",
    status: "completed",
    total: 250,
    done: 240,
    chargedMicros: "240000",
    currency: "USD",
    sandbox: false,
    createdAt: "2026-11-20T10:00:00.000Z",
    fileName: null,
    number: null,
    tenant: { id: "t-1", name: "Acme" },
    duplicates: 5,
    invalid: 5,
    failed: 0,
    submittedBy: { id: "u-1", name: "Ana" },
    ...change,
  };
}

type Pages = (call: ApiCall) => DetectionHistoryPage | Refusal;

async function openHistory(pages: Pages, permissions = ["detection:*"]) {
  const calls = stubApi({ "GET /api/tenant/detection/history": pages });
  const page = await renderPage(<HistoryPage />, {
    url: "/dashboard/history",
    root: { tenant: tenantWith(permissions) },
  });
  return { ...page, calls };
}

const onePage =
  (items: DetectionJobView[], nextCursor: string | null = null): Pages =>
  () => ({
    items,
    partnerView: false,
    nextCursor,
  });

const historyCalls = (calls: ApiCall[]) => callsTo(calls, "GET /api/tenant/detection/history");
/** The table's rows of jobs (not its header, nor the placeholder row it shows while loading or empty). */
const dataRows = () =>
  within(screen.getByTestId("history-table"))
    .getAllByRole("row")
    .filter((row) => row.hasAttribute("data-row-key"));

describe("history", () => {
  it("shows what each job checked, its status, how far it got and what it cost", async () => {
    await openHistory(
      onePage([
        job("j-1", {
          kind: "single",
          number: "+12025550100",
          total: 1,
          done: 1,
          duplicates: 0,
          invalid: 0,
          chargedMicros: "5000",
        }),
        job("j-2", { fileName: "leads.csv", status: "failed", channel: "api", submittedBy: null }),
        job("j-3", { status: "running", done: 100, sandbox: true }),
      ]),
    );
    await vi.waitFor(() => expect(dataRows()).toHaveLength(3));
    const [single, file, running] = dataRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(single).getByTestId("history-open").textContent).toBe("+12025550100");
    expect(within(single).getByTestId("job-status").textContent).toBe("Completed");
    expect(within(single).getByText("$0.005")).toBeTruthy();
    expect(within(file).getByTestId("history-open").textContent).toBe("leads.csv");
    expect(within(file).getByTestId("job-status").textContent).toBe("Failed");
    expect(within(file).getByText("· API")).toBeTruthy();
    expect(within(file).getByText("—")).toBeTruthy();
    expect(within(running).getByText("List of 250 numbers")).toBeTruthy();
    expect(within(running).getByText("Sandbox")).toBeTruthy();
    // An open job shows a bar over the numbers it will charge for (total less duplicates and invalid).
    expect(within(running).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("41");
    expect(within(running).getByText("100 / 240")).toBeTruthy();
    expect(screen.queryByText("All customers")).toBeNull();
  });

  it("says of an ended job how many numbers were done and how many failed", async () => {
    await openHistory(
      onePage([
        job("j-1", { done: 15, failed: 2 }),
        job("j-2", { done: 240, failed: 0, status: "cancelled" }),
      ]),
    );
    await vi.waitFor(() => expect(dataRows()).toHaveLength(2));
    const [withFailures, clean] = dataRows() as [HTMLElement, HTMLElement];
    expect(within(withFailures).getByTestId("history-outcome").textContent).toBe("15 done, 2 failed");
    expect(within(clean).getByTestId("history-outcome").textContent).toBe("240 done");
  });

  it("opens a job's results from its row", async () => {
    const { user } = await openHistory(onePage([job("j-7")]));
    await vi.waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]!).getByText("Ana"));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/history/j-7");
  });

  it("with nothing checked yet points to detection, for those who may use it", async () => {
    await openHistory(onePage([]));
    expect(await screen.findByText("No numbers have been checked yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check numbers" }).getAttribute("href")).toBe(
      "/dashboard/detection",
    );
  });

  it("does not point to detection for a member who may only read the history", async () => {
    await openHistory(onePage([]), ["detection:read"]);
    await screen.findByText("No numbers have been checked yet.");
    expect(screen.queryByRole("link", { name: "Check numbers" })).toBeNull();
  });

  it("asks the server again as soon as a filter changes, and says when nothing matches", async () => {
    const { user, calls } = await openHistory((call) =>
      onePage(call.query.get("status") ? [] : [job("j-1")])(call),
    );
    await vi.waitFor(() => expect(dataRows()).toHaveLength(1));
    await pickOption(user, screen.getByRole("combobox", { name: "Status" }), "Failed");
    expect(await screen.findByText("Nothing matches these filters.")).toBeTruthy();
    expect(historyCalls(calls).at(-1)?.query.get("status")).toBe("failed");
    expect(screen.queryByText("That is everything.")).toBeNull();
  });

  it("filters by calendar days and resets every filter at once", async () => {
    const { user, calls } = await openHistory(onePage([job("j-1")]));
    await vi.waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText("From date"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To date"), { target: { value: "2026-11-15" } });
    await vi.waitFor(() => expect(historyCalls(calls).at(-1)?.query.get("to")).toBe("2026-11-15"));
    expect(historyCalls(calls).at(-1)?.query.get("from")).toBe("2026-11-01");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    await vi.waitFor(() => expect(historyCalls(calls).at(-1)?.query.get("from")).toBeNull());
    expect((screen.getByLabelText("From date") as HTMLInputElement).value).toBe("");
  });

  it("loads older jobs with the cursor the server gave, until the end", async () => {
    const { user, calls } = await openHistory((call) =>
      call.query.get("cursor") === "c-2"
        ? onePage([job("j-3")])(call)
        : onePage([job("j-1"), job("j-2")], "c-2")(call),
    );
    await vi.waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(screen.queryByText("That is everything.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(screen.getByText("That is everything.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(historyCalls(calls).map((c) => c.query.get("cursor"))).toEqual([null, "c-2"]);
  });

  it("shows why the list failed and tries again on request", async () => {
    let fail = true;
    const { user } = await openHistory((call) =>
      fail ? new Refusal(40300, "You may not read the history.") : onePage([job("j-1")])(call),
    );
    expect((await screen.findByTestId("history-error")).textContent).toContain(
      "You may not read the history.",
    );
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(dataRows()).toHaveLength(1));
  });

  it("offers the partner view only to partner staff, and names each customer in it", async () => {
    const { user, calls } = await openHistory(() => ({
      items: [job("j-1", { tenant: { id: "t-9", name: "Globex" }, fileName: "a.csv" })],
      partnerView: true,
      nextCursor: null,
    }));
    await user.click(await screen.findByText("All customers"));
    await vi.waitFor(() => expect(historyCalls(calls).at(-1)?.query.get("scope")).toBe("partner"));
    await vi.waitFor(() => expect(screen.getByTestId("history-open").textContent).toBe("a.csv · Globex"));
    expect(screen.getByTestId("history-open").getAttribute("href")).toBe(
      "/dashboard/history/j-1?scope=partner",
    );
  });
});
