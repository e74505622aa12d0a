import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, tenantWith } from "../../../../test/render";
import { KeptColumnsNote } from "./kept-columns-note";

async function noteFor(permissions: string[], keepFileColumns: boolean) {
  const tenant = tenantWith(permissions);
  tenant.tenant.keepFileColumns = keepFileColumns;
  await renderPage(<KeptColumnsNote />, {
    url: "/dashboard/detection",
    pattern: "/dashboard/detection",
    root: { tenant },
  });
  return screen.getByTestId("kept-columns-note");
}

describe("the note beside the file input on the other columns of a file", () => {
  it("says they are kept and deleted with the job, with the way to the setting for who may change it", async () => {
    const note = await noteFor(["job:create", "tenant:update"], true);
    expect(note.textContent).toContain("Your file's other columns (names, e-mails, …) are kept");
    expect(note.textContent).toContain("They are deleted with the job.");
    const link = screen.getByRole("link", { name: "Change this in the organisation's settings" });
    expect(link.getAttribute("href")).toBe("/dashboard/tenant?tab=settings");
  });

  it("says only the numbers are kept when the organisation turned it off", async () => {
    const note = await noteFor(["job:create", "tenant:update"], false);
    expect(note.textContent).toContain("Only the numbers of your file are kept");
  });

  it("offers no link to a person who may not change the setting", async () => {
    const note = await noteFor(["job:create"], true);
    expect(note.textContent).toContain("are kept");
    expect(screen.queryByRole("link")).toBeNull();
  });
});
