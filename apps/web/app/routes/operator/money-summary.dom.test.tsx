import { ERRORS } from "@nc/contracts/errors";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { summaryDay } from "../../../test/money-summary-day";
import { operatorMe } from "../../../test/operator-me";
import { callsTo, expectFieldError, pickOption, Refusal, renderPage, stubApi } from "../../../test/render";
import OperatorMoneySummaryPage from "./money-summary";

const SUMMARY = "GET /api/operator/money/summary";
const ACME = "5d0c1b7e-0000-4000-8000-000000000002";

const day = summaryDay;

/**
 * Every page of the console asks who the operator is. Answered in every test: an unanswered call
 * fails, and the client's retry of it would land in the next test's calls.
 */
const partnerStaff = { "GET /api/operator/me": () => operatorMe("partner") };

async function open() {
  const page = await renderPage(<OperatorMoneySummaryPage />, { url: "/operator/money/summary" });
  return page;
}

async function pickRange(from: string, to: string) {
  fireEvent.change(screen.getByLabelText("From"), { target: { value: from } });
  fireEvent.change(screen.getByLabelText("To"), { target: { value: to } });
  fireEvent.click(screen.getByRole("button", { name: "Show" }));
}

describe("operator money summary", () => {
  it("adds each column up per currency in the totals row, service columns named from the catalogue", async () => {
    stubApi({
      ...partnerStaff,
      [SUMMARY]: () => [
        day({ recharges: "10000000", spend: { hlr: "1250000" }, refunds: "250000" }),
        day({
          day: "2026-11-02",
          recharges: "5500000",
          spend: { hlr: "750000", basic: "100000" },
          added: "1000000",
          welcome: "5000000",
        }),
      ],
    });
    await open();
    const table = await screen.findByTestId("summary-table");
    await within(table).findByText("2026-11-02");
    expect(within(table).getByRole("columnheader", { name: "Spend: HLR lookup" })).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: "Spend: Basic check" })).toBeTruthy();
    const total = within(table).getByText("Total").closest("tr")!;
    const cells = [...total.querySelectorAll("td")].map((c) => c.textContent);
    // Day, currency, recharges, basic, hlr, refunds, welcome credits, added, subtracted.
    expect(within(table).getByRole("columnheader", { name: "Welcome credits" })).toBeTruthy();
    expect(cells).toEqual(["Total", "USD", "$15.50", "$0.10", "$2.00", "$0.25", "$5.00", "$1.00", "$0.00"]);
  });

  it("asks for the chosen days and the CSV link carries the same range", async () => {
    const calls = stubApi({ ...partnerStaff, [SUMMARY]: () => [day({ recharges: "1000000" })] });
    await open();
    await screen.findByText("2026-11-01");
    await pickRange("2026-09-01", "2026-09-30");
    await vi.waitFor(() => expect(callsTo(calls, SUMMARY).at(-1)?.query.get("to")).toBe("2026-09-30"));
    expect(callsTo(calls, SUMMARY).at(-1)?.query.get("from")).toBe("2026-09-01");
    const csv = screen.getByRole("link", { name: /Download CSV/ });
    expect(csv.getAttribute("href")).toBe("/api/operator/money/summary/export?from=2026-09-01&to=2026-09-30");
  });

  it("shows the server's refusal of the range under the end day", async () => {
    stubApi({
      ...partnerStaff,
      [SUMMARY]: ({ query }) =>
        query.get("from") === "2026-01-01"
          ? new Refusal(
              ERRORS.validation.code,
              "Check the fields.",
              { fields: [{ field: "to", reason: "out_of_range", message: "At most 92 days at a time." }] },
              400,
            )
          : [],
    });
    await open();
    await pickRange("2026-01-01", "2026-11-01");
    await expectFieldError(screen.getByLabelText("To"), "At most 92 days at a time.");
    expect(screen.queryByTestId("summary-table")).toBeNull();
  });

  it("a platform operator narrows the summary and its CSV to one partner site", async () => {
    const calls = stubApi({
      "GET /api/operator/me": () => operatorMe("platform"),
      "GET /api/operator/partners": () => [
        { id: ACME, name: "Acme Checks", domain: "", subDomain: "acme" },
        {
          id: "5d0c1b7e-0000-4000-8000-000000000003",
          name: "Globex",
          domain: "checks.globex.com",
          subDomain: "",
        },
      ],
      [SUMMARY]: () => [day({ recharges: "1000000" })],
    });
    const { user } = await open();
    const select = await screen.findByRole("combobox", { name: "Partner site" });
    await pickOption(user, select, "Acme Checks");
    await vi.waitFor(() => expect(callsTo(calls, SUMMARY).at(-1)?.query.get("partnerId")).toBe(ACME));
    const csv = screen.getByRole("link", { name: /Download CSV/ });
    expect(new URL(csv.getAttribute("href")!, "http://x").searchParams.get("partnerId")).toBe(ACME);
  });

  it("partner staff see their own partner only: no partner filter, none asked", async () => {
    const calls = stubApi({
      "GET /api/operator/me": () => operatorMe("partner"),
      [SUMMARY]: () => [day({ recharges: "1000000" })],
    });
    await open();
    await screen.findByText("2026-11-01");
    await vi.waitFor(() => expect(callsTo(calls, "GET /api/operator/me")).toHaveLength(1));
    expect(screen.queryByRole("combobox", { name: "Partner site" })).toBeNull();
    expect(callsTo(calls, SUMMARY).every((c) => !c.query.has("partnerId"))).toBe(true);
  });
});
