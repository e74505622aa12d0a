import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall, waitForInviteLink } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/** The API answers a page got that were refusals (4xx/5xx), as "METHOD path status". */
function refusalsOf(page: Page): string[] {
  const refused: string[] = [];
  page.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/") && response.status() >= 400)
      refused.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  return refused;
}

/**
 * The role editor offers what the organisation's roles may hold and asks for no role when adding
 * one; an accepted invitation is not checked again; a page that cannot mount says so in the console.
 */
describe("role editor, accepted invitations and a failed mount", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let ownerSid = "";
  let tenantId = "";

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ownerSid = await signedInContext(server, context, "Olivia Owner", `owner-${Date.now()}@example.com`);
    tenantId = (
      await apiCall<{ id: string }>(server, ownerSid, "POST", "/api/tenant", { name: "Role Works" })
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("Add role asks for no role and offers a customer organisation no partner-only permission", async () => {
    const page = await context.newPage();
    const refused = refusalsOf(page);
    const roleReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/tenant/role/s/")) roleReads.push(request.url());
    });
    await page.goto(`${server.url}/dashboard/tenant/role/add`);
    const catalog = await apiCall<{ permissions: string[] }>(
      server,
      ownerSid,
      "GET",
      "/api/tenant/permission/catalog",
      undefined,
      tenantId,
    );
    const boxes = page.getByTestId("permission-picker").getByRole("checkbox");
    await expect.poll(() => boxes.count()).toBe(catalog.permissions.length);
    await expect(page.getByRole("checkbox", { name: "Detection · Create" }).count()).resolves.toBe(1);
    await expect(page.getByTestId("permission-picker").getByText("Partner").count()).resolves.toBe(0);
    await page.getByLabel("Role name").fill("Desk");
    expect(roleReads).toEqual([]);
    expect(refused).toEqual([]);
    await page.close();
  });

  it("an accepted invitation is not checked again with its used token", async () => {
    const email = `mia-${Date.now()}@example.com`;
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signedInContext(server, memberContext, "Mia Member", email);
    const roles = await apiCall<{ id: string; key: string | null }[]>(
      server,
      ownerSid,
      "GET",
      "/api/tenant/role",
      undefined,
      tenantId,
    );
    await apiCall(
      server,
      ownerSid,
      "POST",
      "/api/tenant/invite",
      { email, roleId: roles.find((r) => r.key === "viewer")!.id },
      tenantId,
    );
    const page = await memberContext.newPage();
    const refused = refusalsOf(page);
    await page.goto((await waitForInviteLink(server, email)).url);
    await page.getByTestId("accept-invite").click();
    const checksAfter: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/tenant/pub/invite/check") checksAfter.push(request.url());
    });
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Role Works");
    // Let anything the accept page still had in flight arrive.
    await page.waitForLoadState("networkidle");
    expect(checksAfter).toEqual([]);
    expect(refused).toEqual([]);
    await memberContext.close();
  });

  it("a page whose app cannot mount logs it as an error while mounting", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // The router's manifest never arrives, so the router cannot be created when the app mounts.
    await page.addInitScript(() => {
      Object.defineProperty(window, "__reactRouterManifest", {
        configurable: true,
        get: () => undefined,
        set: () => {},
      });
    });
    await page.goto(`${server.url}/login`);
    await expect.poll(() => errors.join("\n")).toContain("Error while mounting the app:");
    expect(errors.join("\n")).toContain("You must be using the SSR features of React Router");
    await page.close();
  });
});
