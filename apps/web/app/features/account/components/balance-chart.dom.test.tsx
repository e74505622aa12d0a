import type { SeriesPoint } from "@nc/contracts/account";
import { formatMoney } from "@nc/contracts/money";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../../test/render";
import { BalanceChart } from "./balance-chart";

const POINTS: SeriesPoint[] = [
  { day: "2026-12-03", balanceMicros: "5000000", spendingMicros: "0" },
  { day: "2026-12-04", balanceMicros: "4000000", spendingMicros: "1000000" },
  { day: "2026-12-05", balanceMicros: "3990000", spendingMicros: "10000" },
];

const chart = (points = POINTS) =>
  renderPage(
    <BalanceChart
      points={points}
      title="Balance and spending"
      summary="summary"
      balanceLabel="Balance"
      spendingLabel="Spending"
      formatAmount={(micros) => formatMoney(micros, "USD", "en")}
      pointLabel={(p) => p.day}
    />,
  );

const bars = () => [...screen.getByTestId("account-chart").querySelectorAll("rect")];
const num = (element: Element, name: string) => Number(element.getAttribute(name));

describe("balance chart", () => {
  it("draws balance and spending on that one scale, its marks written as money", async () => {
    await chart();
    const scale = screen.getByTestId("account-chart-scale");
    expect([...scale.querySelectorAll("text")].map((text) => text.textContent)).toEqual([
      "$0.00",
      "$2.00",
      "$4.00",
      "$6.00",
    ]);
    const [, spentOne, spentCent] = bars();
    // $1 of spending is a sixth of the scale's height, as $1 of balance would be.
    const baseline = num(spentOne!, "y") + num(spentOne!, "height");
    const fourDollars = [...scale.querySelectorAll("line")][2]!;
    expect(baseline - num(fourDollars, "y1")).toBeCloseTo(4 * num(spentOne!, "height"), 5);
    // A day with a cent of spending still shows a bar; a day without none.
    expect(num(spentCent!, "height")).toBeGreaterThanOrEqual(1);
    expect(num(bars()[0]!, "height")).toBe(0);
  });

  it("never draws a negative width, even in a box narrower than its margins", async () => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly report: (entries: { contentRect: { width: number } }[]) => void) {}
        observe() {
          this.report([{ contentRect: { width: 0 } }]);
        }
        disconnect() {}
      },
    );
    await chart();
    await vi.waitFor(() =>
      expect(screen.getByTestId("account-chart").getAttribute("viewBox")).toBe("0 0 1 200"),
    );
    for (const bar of bars()) expect(num(bar, "width")).toBeGreaterThanOrEqual(0);
  });
});
