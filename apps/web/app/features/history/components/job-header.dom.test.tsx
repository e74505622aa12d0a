import type { DraftView, JobView } from "@nc/contracts/jobs";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { JobHeader } from "./job-header";

const job = (over: Partial<JobView> = {}): JobView => ({
  id: "j-1",
  kind: "list",
  channel: "web",
  service: "hlr",
  status: "completed",
  total: 20,
  chargeable: 17,
  done: 15,
  failed: 2,
  duplicates: 2,
  invalid: 1,
  remaining: 0,
  percent: 100,
  rate: 3,
  timeLeft: 0,
  unitPriceMicros: "10000",
  chargedMicros: "150000",
  currency: "USD",
  sandbox: false,
  fileName: null,
  createdAt: "2026-11-27T06:00:00Z",
  startedAt: "2026-11-27T06:00:01Z",
  finishedAt: "2026-11-27T06:00:07Z",
  ...over,
});

const retryDraft: DraftView = {
  ...job({ id: "j-2", status: "draft", total: 2, chargeable: 2, done: 0, failed: 0, duplicates: 0 }),
  invalid: 0,
  chargedMicros: "0",
  estimate: { unitPriceMicros: "10000", totalMicros: "20000", currency: "USD" },
  balanceMicros: "5000000",
  balanceAfterMicros: "4980000",
  enoughBalance: true,
};

async function openHeader(shown: JobView, permissions = ["detection:*"]) {
  const calls = stubApi({
    "POST /api/tenant/job/s/j-1/retry-failed": () => retryDraft,
    "POST /api/tenant/job/s/j-2/submit": () => job({ id: "j-2", status: "queued", total: 2, failed: 0 }),
    "DELETE /api/tenant/job/s/j-2": () => null,
  });
  const page = await renderPage(<JobHeader job={shown} tenantId="t-1" />, {
    url: "/dashboard/history/j-1",
    root: { tenant: tenantWith(permissions) },
  });
  return { ...page, calls };
}

describe("checking a job's failed rows again from its page", () => {
  it("shows the new job's count and price first, and submits it only once confirmed", async () => {
    const { user, calls } = await openHeader(job());
    await user.click(screen.getByRole("button", { name: "Check the failed rows again (2)" }));
    const review = await screen.findByRole("dialog", { name: "Check the failed rows again" });
    // The review's script arrives when it opens.
    expect((await within(review).findByTestId("draft-chargeable")).textContent).toBe("2");
    expect(within(review).getByTestId("draft-cost").textContent).toBe("$0.02");
    expect(within(review).getByTestId("draft-balance-after").textContent).toBe("$4.98");
    expect(callsTo(calls, "POST /api/tenant/job/s/j-1/retry-failed")).toHaveLength(1);
    expect(callsTo(calls, "POST /api/tenant/job/s/j-2/submit")).toHaveLength(0);

    await user.click(within(review).getByTestId("detection-draft-submit"));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/history/j-2");
    expect(callsTo(calls, "POST /api/tenant/job/s/j-2/submit")).toHaveLength(1);
  });

  it("throws the draft away when the review is closed", async () => {
    const { user, calls } = await openHeader(job());
    await user.click(screen.getByTestId("job-retry-failed"));
    const review = await screen.findByRole("dialog");
    await user.click(await within(review).findByTestId("detection-draft-discard"));
    await vi.waitFor(() => expect(callsTo(calls, "DELETE /api/tenant/job/s/j-2")).toHaveLength(1));
    expect(callsTo(calls, "POST /api/tenant/job/s/j-2/submit")).toHaveLength(0);
  });

  it("is offered only for an ended job with failed rows, to those who may start jobs", async () => {
    const { unmount } = await openHeader(job({ failed: 0, done: 17 }));
    expect(screen.queryByTestId("job-retry-failed")).toBeNull();
    unmount();
    const running = await openHeader(job({ status: "running", percent: 60, finishedAt: null }));
    expect(screen.queryByTestId("job-retry-failed")).toBeNull();
    expect(screen.getByTestId("job-cancel")).toBeTruthy();
    running.unmount();
    await openHeader(job(), ["detection:read"]);
    expect(screen.getByTestId("job-count-failed").textContent).toContain("2");
    expect(screen.queryByTestId("job-retry-failed")).toBeNull();
  });
});
