import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall, waitForInviteLink } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { clickUntil } from "./helpers/click-until";
import { type RunningServer, startServer } from "./helpers/server";

/** Organisations as an owner meets them: none yet, create, switch, roles ticked by area. */
describe("organisations in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The session of the member invited below, for the tests that follow it. */
  let memberSid = "";

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signedInContext(server, context, "Olivia Owner", `owner-${Date.now()}@example.com`);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Calls the API as the owner inside Harbour Labs, the organisation the first test creates. */
  async function asOwnerInHarbourLabs() {
    const ownerSid = (await context.cookies()).find((c) => c.name === "sid")!.value;
    const tenantId = (
      await apiCall<{ tenantId: string; name: string }[]>(server, ownerSid, "GET", "/api/tenant")
    ).find((x) => x.name === "Harbour Labs")!.tenantId;
    return <T>(method: "GET" | "POST", path: string, body?: object) =>
      apiCall<T>(server, ownerSid, method, path, body, tenantId);
  }

  it("sends a user without an organisation to the no-organisation page, where one can be created", async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/dashboard\/profile\/no-tenant$/);
    // The form is on the page itself (docs/architecture.md, "What a person meets first").
    await page.getByLabel("Organisation name").fill("Harbour Labs");
    await page.getByTestId("create-tenant-submit").click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs");
  });

  it("switches between organisations from the header", async () => {
    await page.goto(`${server.url}/dashboard/tenants`);
    await page.getByTestId("create-tenant").click();
    await page.getByLabel("Organisation name").fill("Second Shop");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Second Shop");
    // The list is asked for when the switcher is approached, not with every page.
    const listRequests: string[] = [];
    const countList = (request: Request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/tenant")
        listRequests.push(request.url());
    };
    page.on("request", countList);
    await page.reload();
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(listRequests).toEqual([]);
    await page.getByTestId("tenant-switcher").hover();
    await expect.poll(() => listRequests.length).toBe(1);
    page.off("request", countList);
    await page.getByTestId("tenant-switcher").click();
    await page.getByRole("menuitem", { name: "Harbour Labs" }).click();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs");
    // The choice is remembered: a fresh load stays in the same organisation.
    await page.reload();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs");
    await page.goto(`${server.url}/dashboard/tenants`);
    await expect(page.getByTestId("open-tenant-Second Shop").waitFor()).resolves.toBeUndefined();
  });

  it("creates a custom role by ticking permissions, each named by its label", async () => {
    await page.goto(`${server.url}/dashboard/tenant?tab=roles`);
    await page.getByTestId("add-role").click();
    await page.waitForURL(/\/dashboard\/tenant\/role\/add$/);
    await page.getByLabel("Role name").fill("Support desk");
    for (const label of ["Roles · View", "Notices · View"]) {
      await page.getByRole("checkbox", { name: label }).check();
    }
    await expect(page.getByTestId("permission-count").textContent()).resolves.toMatch(
      /^2 of \d+ permissions selected$/,
    );
    await page.getByTestId("save-role").click();
    await page.waitForURL(/tab=roles$/);
    const row = page.getByRole("row", { name: /Support desk/ });
    await expect(row.textContent()).resolves.toContain("2");
  });

  it("a member sees what their role allows: the 403 page without it, the Roles tab once granted", async () => {
    const inOrg = await asOwnerInHarbourLabs();
    const roles = await inOrg<{ id: string; key: string | null; name: string }[]>("GET", "/api/tenant/role");
    const memberEmail = `member-${Date.now()}@example.com`;
    await inOrg("POST", "/api/tenant/invite", {
      email: memberEmail,
      roleId: roles.find((r) => r.key === "operator")!.id,
    });
    const { token } = await waitForInviteLink(server, memberEmail);
    const accepted = await fetch(`${server.url}/api/tenant/pub/invite/accept/no_user`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, name: "Mia Member", password: "Quiet-Forest-58" }),
    });
    memberSid = /sid=([^;]+)/.exec(accepted.headers.get("set-cookie") ?? "")![1]!;
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await memberContext.addCookies([{ name: "sid", value: memberSid, url: server.url }]);
    const member = await memberContext.newPage();

    await member.goto(`${server.url}/dashboard/tenant`);
    await expect(member.getByRole("tab", { name: "Settings" }).isVisible()).resolves.toBe(true);
    await expect(member.getByRole("tab", { name: "Roles" }).count()).resolves.toBe(0);
    await member.goto(`${server.url}/dashboard/tenant/role/add`);
    await member.waitForURL(/\/dashboard\/403$/);
    await expect(member.locator("h1").textContent()).resolves.toBe("Permission denied");

    const me = (await inOrg<{ userId: string; email: string }[]>("GET", "/api/tenant/tenant_user")).find(
      (m) => m.email === memberEmail,
    )!;
    const support = roles.find((r) => r.name === "Support desk")!;
    await inOrg("POST", `/api/tenant/tenant_user/s/${me.userId}`, { roleId: support.id });
    await member.goto(`${server.url}/dashboard/tenant`);
    await expect(member.getByRole("tab", { name: "Roles" }).isVisible()).resolves.toBe(true);
    await memberContext.close();
  });

  it("offers a member only the rights they may grant: greyed permissions, no edit of their own role, fewer roles to give", async () => {
    const inOrg = await asOwnerInHarbourLabs();
    const desk = await inOrg<{ id: string }>("POST", "/api/tenant/role", {
      name: "People desk",
      permissions: [
        "tenant_user:read",
        "tenant_user:create",
        "role:read",
        "role:create",
        "role:update",
        "notice:read",
      ],
    });
    const mia = (await inOrg<{ userId: string; email: string }[]>("GET", "/api/tenant/tenant_user")).find(
      (m) => m.email.startsWith("member-"),
    )!;
    await inOrg("POST", `/api/tenant/tenant_user/s/${mia.userId}`, { roleId: desk.id });
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await memberContext.addCookies([{ name: "sid", value: memberSid, url: server.url }]);
    const member = await memberContext.newPage();

    // Role editor: what Mia lacks is greyed out and said so.
    await member.goto(`${server.url}/dashboard/tenant/role/add`);
    await expect(member.getByRole("checkbox", { name: "API keys · Create" }).isDisabled()).resolves.toBe(
      true,
    );
    await expect(member.getByTestId("permissions-not-yours").isVisible()).resolves.toBe(true);

    // Roles tab: her own role has no Edit link; a role within her rights has one.
    await member.goto(`${server.url}/dashboard/tenant?tab=roles`);
    const own = member.getByRole("row", { name: /People desk/ });
    const support = member.getByRole("row", { name: /Support desk/ });
    await support.getByRole("link", { name: "Edit" }).waitFor();
    await expect(own.getByRole("link", { name: "Edit" }).count()).resolves.toBe(0);

    // Inviting: only roles within her rights are offered.
    await member.goto(`${server.url}/dashboard/tenant/member/add`);
    await member.getByLabel("Role").click();
    const options = member.locator(".ant-select-item-option");
    await expect.poll(() => options.allTextContents()).toEqual(["Support desk", "People desk"]);
    await memberContext.close();
  });

  it("renames the organisation and shows the new name everywhere", async () => {
    await page.goto(`${server.url}/dashboard/tenant`);
    await page.getByLabel("Organisation name").fill("Harbour Labs Ltd");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs Ltd");
    await expect(page.locator("h1").textContent()).resolves.toBe("Harbour Labs Ltd");
  });

  it("refuses to let the last owner leave, with the reason", async () => {
    // Clicked until the refusal shows (click-until.ts): a click while the confirmation opens may
    // not count; asking again is refused again.
    const leave = page.getByRole("button", { name: "Leave", exact: true }).last();
    await clickUntil(
      async () => {
        if (!(await leave.isVisible())) await page.getByTestId("leave-tenant").click();
        await leave.click();
      },
      () => page.getByText("You are the last owner.", { exact: false }).isVisible(),
    );
  });
});
