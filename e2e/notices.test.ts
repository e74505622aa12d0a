import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall, waitForInviteLink } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * The notice counter in the header, driven by real events: a member accepting an invitation
 * (notice to the inviter) and the owner changing that member's role (notice to the member).
 */
describe("notice counter in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let memberContext: BrowserContext;
  let ownerPage: Page;
  let memberPage: Page;
  let ownerSid: string;
  let memberSid: string;
  let tenantId: string;
  const stamp = Date.now();
  const ownerEmail = `notice-owner-${stamp}@example.com`;
  const memberEmail = `notice-member-${stamp}@example.com`;
  // One poll period (10 s) plus room for a slow machine.
  const POLL = { timeout: 25_000, intervals: [250] };

  const apiAs = <T>(sid: string, method: "GET" | "POST", path: string, body?: object) =>
    apiCall<T>(server, sid, method, path, body, tenantId);
  const waitForInviteToken = async (email: string) => (await waitForInviteLink(server, email)).token;

  const bell = (page: Page) => page.getByTestId("notice-bell");
  const unread = (page: Page) => bell(page).getAttribute("data-unread");

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ownerSid = await signedInContext(server, ownerContext, "Olivia Owner", ownerEmail);
    memberSid = await signedInContext(server, memberContext, "Milo Member", memberEmail);
    tenantId = (await apiAs<{ id: string }>(ownerSid, "POST", "/api/tenant", { name: "Bell Labs" })).id;
    ownerPage = await ownerContext.newPage();
    memberPage = await memberContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("rises for the inviter when the invited member accepts", async () => {
    await ownerPage.goto(`${server.url}/dashboard`);
    await expect.poll(() => unread(ownerPage)).toBe("0");

    const roles = await apiAs<{ id: string; key: string | null }[]>(ownerSid, "GET", "/api/tenant/role");
    const operator = roles.find((r) => r.key === "operator")!;
    await apiAs(ownerSid, "POST", "/api/tenant/invite", { email: memberEmail, roleId: operator.id });
    const token = await waitForInviteToken(memberEmail);
    await apiAs(memberSid, "POST", "/api/tenant/pub/invite/accept/has_user", { token });

    await expect.poll(() => unread(ownerPage), POLL).toBe("1");
    // The antd Badge shows the number.
    const badge = ownerPage.locator(".ant-badge", { has: bell(ownerPage) }).locator(".ant-scroll-number");
    await expect.poll(() => badge.getAttribute("title")).toBe("1");
  });

  it("comes with the count in the page's first HTML, and is not asked for again while the page loads", async () => {
    // docs/performance.md, "A phone as slow as Lighthouse's reference": the
    // dashboard layout's loader answers the counter.
    const html = await (await ownerContext.request.get(`${server.url}/dashboard`)).text();
    const button = html.match(/<button[^>]*data-testid="notice-bell"[^>]*>/)?.[0] ?? "";
    expect(button).toContain('data-unread="1"');
    const page = await ownerContext.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/notice/unread_count")) asked.push(request.url());
    });
    await page.goto(`${server.url}/dashboard`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForTimeout(2_000);
    expect(asked).toEqual([]);
    await expect(unread(page)).resolves.toBe("1");
    await page.close();
  });

  it("takes Tab through every side-menu entry, the Account group's title and Recharge included", async () => {
    const page = await ownerContext.newPage();
    await page.goto(`${server.url}/dashboard`);
    const sider = page.locator(".ant-layout-sider");
    const focused = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        const inMenu = at?.closest(".ant-layout-sider") && /^(A|BUTTON)$/.test(at.tagName);
        return inMenu ? `${at!.tagName.toLowerCase()} ${at!.textContent}` : null;
      });
    const tab = async () => {
      await page.keyboard.press("Tab");
      // The menu list itself takes focus once on the way in (antd's arrow-key navigation).
      if ((await focused()) === null && (await page.evaluate(() => document.activeElement?.role)) === "menu")
        await page.keyboard.press("Tab");
      return focused();
    };
    await sider.getByRole("link").first().focus();
    const stops: string[] = [];
    for (let stop = await tab(); stop !== null && stops.length < 20; stop = await tab()) stops.push(stop);
    expect(stops).toEqual([
      "a Dashboard",
      "a Detection",
      "a History",
      "a Prices",
      "button Account",
      "a API keys",
      "a API usage",
      "a API requests",
      "a Organisation",
    ]);
    // Enter opens the group; its entries are the next stops.
    await sider.locator("button", { hasText: "Account" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => tab()).toBe("a Account");
    await expect(tab()).resolves.toBe("a Recharge");
    await page.close();
  });

  it("shows an unknown dashboard address's 404 inside the frame; the show-password eye is a 24 px target", async () => {
    const page = await ownerContext.newPage();
    const response = await page.goto(`${server.url}/dashboard/no-such-screen`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page Not Found");
    // The frame stays: the side menu and the header's bell.
    await expect(
      page.locator(".ant-layout-sider").getByRole("link", { name: "Detection" }).count(),
    ).resolves.toBe(1);
    await expect(bell(page).count()).resolves.toBe(1);
    await expect(page.title()).resolves.toMatch(/^Page Not Found \| /);

    await page.goto(`${server.url}/dashboard/profile`);
    const eye = page.locator(".ant-input-password-icon").first();
    const box = await eye.boundingBox();
    expect([box?.width, box?.height]).toEqual([24, 24]);
    await page.close();
  });

  it("rises for the member when the owner changes their role, and falls after mark all read", async () => {
    await memberPage.goto(`${server.url}/dashboard`);
    await expect.poll(() => unread(memberPage)).toBe("0");

    const roles = await apiAs<{ id: string; key: string | null }[]>(ownerSid, "GET", "/api/tenant/role");
    const viewer = roles.find((r) => r.key === "viewer")!;
    const members = await apiAs<{ userId: string; email: string }[]>(
      ownerSid,
      "GET",
      "/api/tenant/tenant_user",
    );
    const member = members.find((m) => m.email === memberEmail)!;
    await apiAs(ownerSid, "POST", `/api/tenant/tenant_user/s/${member.userId}`, { roleId: viewer.id });

    await expect.poll(() => unread(memberPage), POLL).toBe("1");

    await bell(memberPage).click();
    const item = memberPage.getByTestId("notice-item");
    await expect(item.first().textContent()).resolves.toContain("Your role in Bell Labs has changed");
    await expect(item.first().getAttribute("data-read")).resolves.toBe("0");
    await expect(item.first().getByRole("link").getAttribute("href")).resolves.toBe("/dashboard/tenant");

    await memberPage.getByTestId("notice-read-all").click();
    await expect.poll(() => unread(memberPage)).toBe("0");
    await expect.poll(() => item.first().getAttribute("data-read")).toBe("1");
    // The server agrees: a fresh load still shows nothing unread.
    await memberPage.reload();
    await expect.poll(() => unread(memberPage)).toBe("0");
  });

  it("renders the notice in the page's language with locale links, and falls when one is read", async () => {
    await ownerPage.goto(`${server.url}/es/dashboard`);
    await expect.poll(() => unread(ownerPage)).toBe("1");
    await bell(ownerPage).click();
    const item = ownerPage.getByTestId("notice-item").first();
    await expect(item.textContent()).resolves.toContain("Milo Member se unió a Bell Labs");
    const link = item.getByRole("link", { name: "Miembros" });
    await expect(link.getAttribute("href")).resolves.toBe("/es/dashboard/tenant?tab=members");
    // A link among the notice's words looks like one: underlined, in the link colour, not the text's.
    const look = await link.evaluate((a) => ({
      line: getComputedStyle(a).textDecorationLine,
      color: getComputedStyle(a).color,
      text: getComputedStyle(a.parentElement!).color,
    }));
    expect(look.line).toBe("underline");
    expect(look.color).not.toBe(look.text);

    await item.getByRole("button", { name: "Marcar como leído" }).click();
    await expect.poll(() => unread(ownerPage)).toBe("0");
    await expect.poll(() => item.getAttribute("data-read")).toBe("1");

    // The unread filter now shows none.
    await ownerPage.getByRole("switch").click();
    await expect(ownerPage.getByText("No hay avisos sin leer.").waitFor()).resolves.toBeUndefined();
  });
});
