import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { waitForInviteLink } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { chooseOption } from "./helpers/select";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * Invitations as people meet them: the owner invites by e-mail from the Members tab, the invitee
 * opens the link from the e-mail, registers (or signs in) and lands inside the organisation; or
 * declines without an account.
 */
describe("invitations in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let owner: Page;
  let ownerSid: string;
  let tenantId: string;
  const stamp = Date.now();
  const ORG = "Lighthouse Data";

  /** Calls the API as the owner inside the organisation. */
  const asOwner = (path: string, body?: object) =>
    fetch(`${server.url}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        "content-type": "application/json",
        cookie: `sid=${ownerSid}`,
        "x-tenant-id": tenantId,
      },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json() as Promise<{ code: number; data: unknown }>);

  const inviteLink = async (email: string) => (await waitForInviteLink(server, email)).url;

  async function roleIdOf(key: string): Promise<string> {
    const roles = (await asOwner("/api/tenant/tenant_user/roles")).data as { id: string; key: string }[];
    return roles.find((r) => r.key === key)!.id;
  }

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ownerSid = await signedInContext(server, ownerContext, "Olivia Owner", `owner-${stamp}@example.com`);
    const created = await fetch(`${server.url}/api/tenant`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `sid=${ownerSid}` },
      body: JSON.stringify({ name: ORG }),
    }).then((r) => r.json() as Promise<{ data: { id: string } }>);
    tenantId = created.data.id;
    owner = await ownerContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the owner invites a new address from the Members tab", async () => {
    const email = `newbie-${stamp}@example.com`;
    await owner.goto(`${server.url}/dashboard/tenant?tab=members`);
    await owner.getByTestId("invite-member").click();
    await owner.waitForURL(/\/dashboard\/tenant\/member\/add$/);
    await owner.getByLabel("E-mail address").fill(email);
    await chooseOption(owner, owner.getByLabel("Role"), "Operator");
    await owner.getByTestId("send-invite").click();
    await owner.waitForURL(/\/dashboard\/tenant\?tab=members$/);
    const pending = owner.getByTestId("invitations-table").getByRole("row", { name: new RegExp(email) });
    await expect.poll(() => pending.textContent()).toContain("Operator");
    await expect(pending.textContent()).resolves.toContain("Olivia Owner");
  });

  it("the invitee opens the e-mailed link, registers and lands in the organisation", async () => {
    const email = `newbie-${stamp}@example.com`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(await inviteLink(email));
    await expect
      .poll(() => page.getByTestId("invite-summary").textContent())
      .toBe(`Olivia Owner invited ${email} to join ${ORG} as Operator.`);
    await page.getByTestId("invite-continue").click();
    await page.waitForURL(/\/invite-register\?token=/);
    await expect(page.getByLabel("E-mail", { exact: true }).inputValue()).resolves.toBe(email);
    await page.getByLabel("Your name").fill("Nina Newbie");
    await page.getByLabel("New password").fill("Quiet-Forest-58");
    await page.getByLabel("Repeat the password").fill("Quiet-Forest-58");
    await page.getByTestId("invite-register-submit").click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain(ORG);
    // A fresh load stays inside the organisation (the active-tenant cookie is set).
    await page.reload();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain(ORG);
    // The link was single use.
    await page.goto(await inviteLink(email));
    await expect.poll(() => page.getByTestId("invite-invalid").isVisible()).toBe(true);
    await context.close();

    // The owner sees the new member with the invited role, and no pending invitation.
    await owner.goto(`${server.url}/dashboard/tenant?tab=members`);
    const row = owner.getByTestId("members-table").getByRole("row", { name: /Nina Newbie/ });
    await expect.poll(() => row.textContent()).toContain(email);
    await expect(owner.getByTestId("invitations-table").textContent()).resolves.toContain(
      "No pending invitations.",
    );
  });

  it("an existing user signs in from the link and joins", async () => {
    const email = `existing-${stamp}@example.com`;
    const throwaway = await browser.newContext();
    await signedInContext(server, throwaway, "Eric Existing", email);
    await throwaway.close();
    expect((await asOwner("/api/tenant/invite", { email, roleId: await roleIdOf("viewer") })).code).toBe(0);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(await inviteLink(email));
    await page.getByTestId("invite-continue").click();
    await page.waitForURL(/\/invite-login\?token=/);
    await page.getByLabel("Password", { exact: true }).fill("Garden-River-93");
    await page.getByTestId("invite-login-submit").click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain(ORG);
    await context.close();
  });

  it("the invitee declines without an account; the link then stops working", async () => {
    const email = `decliner-${stamp}@example.com`;
    expect((await asOwner("/api/tenant/invite", { email, roleId: await roleIdOf("finance") })).code).toBe(0);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const link = await inviteLink(email);
    await page.goto(link);
    await expect.poll(() => page.getByTestId("invite-summary").textContent()).toContain("Finance");
    await page.getByTestId("reject-invite").click();
    await page.getByRole("button", { name: "Decline", exact: true }).last().click();
    await expect.poll(() => page.getByText("Invitation declined").isVisible()).toBe(true);
    await page.goto(link);
    await expect.poll(() => page.getByTestId("invite-invalid").isVisible()).toBe(true);
    await context.close();
    const pending = (await asOwner("/api/tenant/invite")).data as { email: string }[];
    expect(pending.map((p) => p.email)).not.toContain(email);
  });
});
