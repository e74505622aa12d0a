import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, hotp, totpStep } from "../apps/server/src/features/auth/totp";
import { launchBrowser } from "./helpers/browser";
import { clickUntil } from "./helpers/click-until";
import { setCheckedInDialog } from "./helpers/dialog";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * Register with the code from the outbox, sign out, sign in, change the password, sign in with a
 * passkey, turn on two-factor sign-in — as a person would.
 */
describe("sign-up, sign-in and password change in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = `e2e-${Date.now()}@example.com`;
  const firstPassword = "Tomato-Garden-42";
  const secondPassword = "Violet-Harbour-77";

  beforeAll(async () => {
    // The captcha stays on: the browser really solves the proof of work.
    server = await startServer({ env: { CAPTCHA_ENABLED: "true" } });
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(password: string) {
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  it("sends a visitor of the dashboard to sign-in, keeping the way back", async () => {
    await page.goto(`${server.url}/dashboard/profile`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fprofile/);
    await expect(page.getByRole("heading", { name: "Sign in" }).isVisible()).resolves.toBe(true);
  });

  it("registers with the e-mailed code and, with no organisation yet, lands on the no-organisation page", async () => {
    await page.goto(`${server.url}/register`);
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByTestId("send-code").click();
    await expect
      .poll(() => page.getByTestId("send-code").textContent(), { timeout: 20_000 })
      .toMatch(/Resend in/);
    await page.getByLabel("E-mail code").fill(await server.waitForCode(email));
    await page.getByLabel("New password").fill(firstPassword);
    await expect.poll(() => page.locator('[data-rule="length"]').getAttribute("data-ok")).toBe("true");
    await page.getByLabel("Repeat the password").fill(firstPassword);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/dashboard\/profile\/no-tenant$/, { timeout: 20_000 });
    // Creating an organisation is the way on, on the page itself; an invitation is the other way.
    await expect.poll(() => page.locator("h1").textContent()).toBe("Create your organisation");
    await expect(page.getByLabel("Organisation name").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("no-tenant-invited").textContent()).resolves.toContain(email);
    await expect(page.locator(".ant-result-info, .anticon-exclamation-circle").count()).resolves.toBe(0);
  });

  it("signs out and is refused the dashboard afterwards", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=/);
  });

  it("rejects a wrong password with a message, then signs in and returns to the page asked for", async () => {
    await page.goto(`${server.url}/login?redirect=%2Fdashboard%2Fprofile`);
    await signIn("Not-The-Password-1");
    // On the form, under the password, and still there once a passing message would have gone.
    const passwordError = page.locator(".ant-form-item-has-error .ant-form-item-explain-error");
    await expect.poll(() => passwordError.textContent()).toBe("The e-mail or password is incorrect.");
    await page.waitForTimeout(4_000);
    await expect(passwordError.textContent()).resolves.toBe("The e-mail or password is incorrect.");
    await expect(page.locator(".ant-message-notice").count()).resolves.toBe(0);
    await page.getByLabel("Password", { exact: true }).fill(firstPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/dashboard\/profile$/);
    await expect(page.getByTestId("current-email").textContent()).resolves.toBe(email);
  });

  it("changes the password; the old one stops working and the new one signs in", async () => {
    await page.getByLabel("Current password").fill(firstPassword);
    await page.getByLabel("New password").fill(secondPassword);
    await page.getByLabel("Repeat the password").fill(secondPassword);
    await page.getByTestId("change-password-submit").click();
    await expect(
      page.getByText("Password changed. Your other sessions were signed out.").waitFor(),
    ).resolves.toBeUndefined();

    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(/\/login/);
    await signIn(firstPassword);
    await expect(page.getByText("The e-mail or password is incorrect.").waitFor()).resolves.toBeUndefined();
    await page.getByLabel("Password", { exact: true }).fill(secondPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/dashboard\/profile(\/no-tenant)?$/);
    await expect(page.getByText(email).first().waitFor()).resolves.toBeUndefined();
  });

  it("a weak password is refused in the form before anything is sent", async () => {
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByLabel("Current password").fill(secondPassword);
    await page.getByLabel("New password").fill("short1");
    await page.getByLabel("Repeat the password").fill("short1");
    await page.getByTestId("change-password-submit").click();
    await expect(
      page.getByText("The password does not meet the requirements.").first().waitFor(),
    ).resolves.toBeUndefined();
    await expect(page.locator('[data-rule="length"]').getAttribute("data-ok")).resolves.toBe("false");
  });

  it("adds a passkey on the profile, signs out, and signs in with the passkey alone; a copy is refused", async () => {
    // WebAuthn needs a domain for its relying party, not an address: the same server as localhost.
    const origin = server.url.replace("127.0.0.1", "localhost");
    const tab = await browser.newPage();
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send("WebAuthn.enable");
    const authenticator = {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    } as const;
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: authenticator,
    });
    try {
      await tab.goto(`${origin}/login?redirect=%2Fdashboard%2Fprofile`);
      await tab.getByLabel("E-mail", { exact: true }).fill(email);
      await tab.getByLabel("Password", { exact: true }).fill(secondPassword);
      await tab.getByRole("button", { name: "Sign in", exact: true }).click();
      await tab.waitForURL(/\/dashboard\/profile$/);
      await tab.getByTestId("passkey-name").fill("Virtual key");
      await tab.getByTestId("passkey-add").click();
      await expect(tab.getByText("Passkey added.").waitFor()).resolves.toBeUndefined();
      const item = tab.getByTestId("passkey-item");
      await expect.poll(() => item.textContent()).toMatch(/^Virtual key.*Added .* · not used yet/);
      // The authenticator holds a discoverable credential for this site.
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });

      const signOutAndUsePasskey = async () => {
        // Until the page is the sign-in page (click-until.ts; signing out twice does no harm).
        await clickUntil(
          async () => {
            await tab.getByTestId("user-menu").click();
            await tab.getByRole("menuitem", { name: "Sign out" }).click();
          },
          async () => /\/login/.test(tab.url()),
          { waitMs: 10_000 },
        );
        // No e-mail address typed: the passkey alone.
        await tab.getByTestId("passkey-sign-in-alone").click();
      };
      await signOutAndUsePasskey();
      await tab.waitForURL(/\/dashboard/);
      await expect(tab.getByText(email).first().waitFor()).resolves.toBeUndefined();
      await tab.goto(`${origin}/dashboard/profile`);
      await expect.poll(() => item.textContent()).toMatch(/last used/);

      // A copy of the credential as it was before that sign-in, on another authenticator: its
      // counter has not grown past the one the server stored, so it is refused.
      const copy = credentials[0]!;
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
      const { authenticatorId: cloneId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: authenticator,
      });
      await cdp.send("WebAuthn.addCredential", { authenticatorId: cloneId, credential: copy });
      await signOutAndUsePasskey();
      await expect(
        tab
          .getByText("This passkey was refused: its signature counter went backwards", { exact: false })
          .waitFor(),
      ).resolves.toBeUndefined();
      expect(tab.url()).toMatch(/\/login/);
    } finally {
      await tab.close();
    }
  });

  it("lists this session on the profile and signs out the others, which then meet the sign-in page", async () => {
    const other = await browser.newContext();
    const tab = await other.newPage();
    await tab.goto(`${server.url}/login?redirect=%2Fdashboard%2Fprofile`);
    await tab.getByLabel("E-mail", { exact: true }).fill(email);
    await tab.getByLabel("Password", { exact: true }).fill(secondPassword);
    await tab.getByRole("button", { name: "Sign in", exact: true }).click();
    await tab.waitForURL(/\/dashboard\/profile(\/no-tenant)?$/);

    await page.goto(`${server.url}/dashboard/profile`);
    const rows = page.getByTestId("session-row");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // The browser's own user agent, read on the server: Chromium on Linux.
    await expect(rows.filter({ hasText: "This session" }).textContent()).resolves.toMatch(
      /Chrome \d+ on Linux/,
    );
    await page.getByTestId("sessions-end-others").click();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await tab.reload();
    await tab.waitForURL(/\/login/);
    await other.close();
  });

  it("turns on two-factor sign-in with the key shown on the page, then signs in with the app's code", async () => {
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByTestId("two-factor-setup").click();
    const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
    await expect(qr.locator("svg").waitFor()).resolves.toBeUndefined();
    // What a phone would compute from the key as the page shows it.
    const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
    const key = base32Decode(secret);
    const step = totpStep(Date.now());
    await page.getByTestId("two-factor-code").fill(hotp(key, step));
    await page.getByTestId("two-factor-enable").click();
    await expect
      .poll(() => page.getByTestId("recovery-codes").inputValue())
      .toMatch(/^([a-z2-7]{4}-){3}[a-z2-7]{4}(\n|$)/);
    await setCheckedInDialog(page.getByTestId("recovery-codes-stored"), true);
    await page.getByTestId("recovery-codes-done").click();
    await expect(page.getByTestId("recovery-codes-left").textContent()).resolves.toBe(
      "10 unused recovery codes left.",
    );

    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(/\/login/);
    await signIn(secondPassword);
    // The code that turned it on is spent (a replay is refused, apps/server/test/security/two-factor.test.ts);
    // the next one the phone shows signs in.
    await page.getByTestId("second-factor-code").fill(hotp(key, step + 1));
    await page.getByTestId("second-factor-submit").click();
    await page.waitForURL(/\/dashboard/);
    await expect(page.getByText(email).first().waitFor()).resolves.toBeUndefined();
  });
});
