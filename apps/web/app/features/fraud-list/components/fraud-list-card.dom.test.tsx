import type { FraudListEntryView } from "@nc/contracts/fraud-lists";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, confirmPopover, expectFieldError, renderPage, stubApi } from "../../../../test/render";
import { FraudListCard } from "./fraud-list-card";

const entry = (value: string, note = ""): FraudListEntryView => ({
  entry: value,
  note,
  createdAt: "2026-11-01T00:00:00.000Z",
});
const BLOCKED = [entry("447700900", "UK test range"), entry("12025550100"), entry("12025550199")];

async function openCard(canEdit = true, entries = BLOCKED) {
  const calls = stubApi({
    "POST /api/tenant/fraud-list": () => ({ block: entries, allow: [], added: 2 }),
    "POST /api/tenant/fraud-list/remove": () => ({ block: entries.slice(1), allow: [] }),
    "GET /api/tenant/fraud-list": () => ({ block: entries, allow: [] }),
  });
  const page = await renderPage(
    <FraudListCard
      tenantId="t-1"
      kind="block"
      entries={entries}
      max={1000}
      canEdit={canEdit}
      loading={false}
    />,
    { url: "/dashboard/detection/fraud-lists" },
  );
  return { ...page, calls };
}

const shownEntries = () =>
  within(screen.getByTestId("fraud-list-block"))
    .getAllByRole("row")
    .filter((r) => r.hasAttribute("data-row-key"))
    .map((r) => r.getAttribute("data-row-key"));

describe("fraud list card", () => {
  it("counts the entries against the list's limit", async () => {
    await openCard();
    expect(screen.getByText("3 of 1,000")).toBeTruthy();
    expect(screen.getByText("UK test range")).toBeTruthy();
  });

  it("finds entries by their digits, whatever notation is typed in the search", async () => {
    const { user } = await openCard();
    await user.type(screen.getByPlaceholderText("Search"), "+1 (202) 555-01");
    expect(shownEntries()).toEqual(["12025550100", "12025550199"]);
    await user.clear(screen.getByPlaceholderText("Search"));
    await user.type(screen.getByPlaceholderText("Search"), "0199");
    expect(shownEntries()).toEqual(["12025550199"]);
  });

  it("adds one entry per line, comma or semicolon, with the note, and empties the box", async () => {
    const { user, calls } = await openCard();
    const box = screen.getByLabelText("Numbers or prefixes") as HTMLTextAreaElement;
    await user.type(box, "+44 7700 900123{Enter}{Enter} +1 202 555 0142 ; 0044 20");
    await user.type(screen.getByLabelText("Note (optional)"), "Chargebacks");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("2 entries added.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/fraud-list")[0]?.body).toEqual({
      kind: "block",
      entries: ["+44 7700 900123", "+1 202 555 0142", "0044 20"],
      note: "Chargebacks",
    });
    await vi.waitFor(() =>
      expect((screen.getByLabelText("Numbers or prefixes") as HTMLTextAreaElement).value).toBe(""),
    );
  });

  it("wants at least one entry that is more than spaces", async () => {
    const { user, calls } = await openCard();
    const box = screen.getByLabelText("Numbers or prefixes");
    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Add" }));
    await expectFieldError(box, "This field is required.");
    expect(callsTo(calls, "POST /api/tenant/fraud-list")).toEqual([]);
  });

  it("removes an entry after the question", async () => {
    const { user, calls } = await openCard();
    const row = screen.getByText("447700900").closest("tr") as HTMLElement;
    await user.click(within(row).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Remove 447700900?")).toBeTruthy();
    await confirmPopover(user, "Remove");
    await vi.waitFor(() => expect(callsTo(calls, "POST /api/tenant/fraud-list/remove")).toHaveLength(1));
    expect(callsTo(calls, "POST /api/tenant/fraud-list/remove")[0]?.body).toEqual({
      kind: "block",
      entries: ["447700900"],
    });
  });

  it("for a reader shows the list without the box or removal", async () => {
    await openCard(false);
    expect(screen.queryByLabelText("Numbers or prefixes")).toBeNull();
    expect(screen.queryAllByRole("button", { name: "Remove" })).toEqual([]);
    expect(shownEntries()).toHaveLength(3);
  });

  it("says the list is empty in the list's own words", async () => {
    await openCard(true, []);
    expect(screen.getByText("No blocked numbers.")).toBeTruthy();
  });
});
