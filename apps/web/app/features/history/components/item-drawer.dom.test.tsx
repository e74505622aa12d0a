import type { JobItemView, JobView } from "@nc/contracts/jobs";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, tenantWith } from "../../../../test/render";
import { ItemDrawer } from "./item-drawer";

const job: JobView = {
  id: "job-1",
  kind: "single",
  channel: "web",
  service: "basic",
  status: "completed",
  total: 2,
  chargeable: 2,
  done: 2,
  failed: 0,
  duplicates: 0,
  invalid: 0,
  remaining: 0,
  percent: 100,
  rate: 0,
  timeLeft: null,
  unitPriceMicros: "1000",
  chargedMicros: "1000",
  currency: "USD",
  sandbox: false,
  fileName: null,
  createdAt: "2026-11-26T10:00:00.000Z",
  startedAt: "2026-11-26T10:00:00.000Z",
  finishedAt: "2026-11-26T10:05:00.000Z",
};

const item = (ledgerEntryId: string | null): JobItemView => ({
  seq: 1,
  input: "+442079460000",
  e164: "+442079460000",
  status: "rejected",
  rejectReason: "invalid",
  result: null,
  costMicros: ledgerEntryId ? "1000" : "0",
  finishedAt: "2026-11-26T10:05:00.000Z",
  ledgerEntryId,
});

describe("a job's item in full", () => {
  it("links a charged single check to the transaction that charged it", async () => {
    await renderPage(<ItemDrawer job={job} item={item("e-7")} onClose={() => {}} />);
    const link = await screen.findByTestId("item-charge");
    expect(link.textContent).toBe("Transaction details");
    expect(link.getAttribute("href")).toBe("/dashboard/account/detail?id=e-7");
  });

  it("has no such link for a free check", async () => {
    await renderPage(<ItemDrawer job={job} item={item(null)} onClose={() => {}} />);
    await screen.findByText("Row in the list");
    expect(screen.queryByTestId("item-charge")).toBeNull();
  });

  it("hides the link from a member without the transactions permission", async () => {
    await renderPage(<ItemDrawer job={job} item={item("e-7")} onClose={() => {}} />, {
      root: { tenant: tenantWith(["detection:read"]) },
    });
    await screen.findByText("Row in the list");
    expect(screen.queryByTestId("item-charge")).toBeNull();
  });
});
