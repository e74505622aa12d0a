import type { DraftView } from "@nc/contracts/jobs";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../../test/render";
import { DraftSummary } from "./draft-summary";

const draft = (over: Partial<DraftView> = {}): DraftView => ({
  id: "j-1",
  kind: "file",
  channel: "web",
  service: "basic",
  status: "draft",
  total: 12500,
  chargeable: 9870,
  done: 0,
  failed: 0,
  duplicates: 1630,
  invalid: 1000,
  remaining: 9870,
  percent: 0,
  rate: 0,
  timeLeft: null,
  unitPriceMicros: "1000",
  chargedMicros: "0",
  currency: "USD",
  sandbox: false,
  fileName: "crm.csv",
  createdAt: "2026-11-27T06:00:00Z",
  startedAt: null,
  finishedAt: null,
  estimate: { unitPriceMicros: "1000", totalMicros: "9870000", currency: "USD" },
  balanceMicros: "20000000",
  balanceAfterMicros: "10130000",
  enoughBalance: true,
  ...over,
});

describe("a draft's summary before it is submitted", () => {
  it("shows each count under its label, formatted in the reader's way, then the cost and the balance after", async () => {
    await renderPage(
      <DraftSummary draft={draft()} submitting={false} onSubmit={vi.fn()} onDiscard={vi.fn()} />,
    );
    const counts = {
      "draft-rows": ["Rows read", "12,500"],
      "draft-duplicates": ["Duplicates removed", "1,630"],
      "draft-invalid": ["Invalid rows (not charged)", "1,000"],
      "draft-chargeable": ["Numbers to be charged", "9,870"],
    };
    for (const [testId, [, value]] of Object.entries(counts))
      expect(screen.getByTestId(testId).textContent, testId).toBe(value);
    expect(screen.getByTestId("draft-cost").textContent).toBe("$9.87");
    expect(screen.getByTestId("draft-balance-after").textContent).toBe("$10.13");
    // The four counts come first, in this order, each in its own labelled cell.
    const labels = [...document.querySelectorAll(".ant-descriptions-item-label")].map((l) => l.textContent);
    expect(labels.slice(0, 4)).toEqual(Object.values(counts).map(([label]) => label));
  });
});
