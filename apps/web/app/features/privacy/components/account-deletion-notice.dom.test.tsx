import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../test/render";
import { AccountDeletionNotice } from "./account-deletion-notice";

/** The sign-in page after one's account was deleted: until when it can be restored, and how. */
describe("the notice after an account's deletion", () => {
  it("says the day the account goes for good (in UTC, as the server's page does) and that signing in restores it", async () => {
    await renderPage(<AccountDeletionNotice />, { url: "/login?deleted=2027-01-04T23:30:00.000Z" });
    const notice = await screen.findByTestId("account-deletion-notice");
    expect(notice.textContent).toContain("Your account will be deleted");
    expect(notice.textContent).toContain("for good on January 4, 2027 (UTC)");
    expect(notice.textContent).toContain("signing in again restores it");
  });

  it("is not there on a plain sign-in page, nor with a date that is not one", async () => {
    await renderPage(<AccountDeletionNotice />, { url: "/login" });
    expect(screen.queryByTestId("account-deletion-notice")).toBeNull();
    await renderPage(<AccountDeletionNotice />, { url: "/login?deleted=soon" });
    expect(screen.queryByTestId("account-deletion-notice")).toBeNull();
  });
});
