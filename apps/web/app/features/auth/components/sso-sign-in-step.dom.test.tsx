import { ERRORS } from "@nc/contracts/errors";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callsTo, Refusal, renderPage, stubApi } from "../../../../test/render";
import LoginPage from "../../../routes/login";
import { ssoPopupFeatures } from "../sso-popup";

/** A popup as window.open answers it: the page navigates it and waits for its message. */
function fakePopup() {
  return { closed: false, location: { href: "about:blank" }, close: vi.fn() };
}

async function openStep() {
  const page = await renderPage(<LoginPage />, { url: "/login" });
  // One button of that name on the page, and the step's script only once it is chosen.
  expect(screen.getAllByRole("button", { name: "Sign in with single sign-on" })).toHaveLength(1);
  expect(screen.queryByLabelText("Work e-mail")).toBeNull();
  await page.user.click(screen.getByRole("button", { name: "Sign in with single sign-on" }));
  // The step's script arrives on the click (a dynamic import).
  const email = await screen.findByLabelText("Work e-mail", {}, { timeout: 10_000 });
  return { ...page, email };
}

const post = (source: unknown, origin: string, data: object) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));

/** "Sign in with single sign-on" on /login (docs/security.md, "Single sign-on"). */
describe("the sign-in page's single sign-on step", { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens the organisation's provider in a 960 x 600 popup centred on the window, and signs in on its word", async () => {
    const calls = stubApi({
      "POST /api/tenant/pub/sso/start": () => ({ url: "https://login.acme.example/authorize?x=1" }),
    });
    const popup = fakePopup();
    const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user, email } = await openStep();
    await user.type(email, " Ana@Acme.Example ");
    await user.click(screen.getByRole("button", { name: "Continue to your organisation" }));
    await waitFor(() => expect(popup.location.href).toBe("https://login.acme.example/authorize?x=1"));
    expect(open).toHaveBeenCalledWith("about:blank", "sso-sign-in", ssoPopupFeatures(window));
    expect(ssoPopupFeatures({ screenX: 100, screenY: 50, outerWidth: 1440, outerHeight: 900 })).toBe(
      "popup=yes,width=960,height=600,left=340,top=200",
    );
    expect(callsTo(calls, "POST /api/tenant/pub/sso/start")[0]?.body).toEqual({
      email: "ana@acme.example",
      popup: true,
    });
    // A message from another origin, or from another window, is ignored.
    post(popup, "https://evil.example", { type: "nc-sso", ok: true, code: 0, message: "" });
    post({}, window.location.origin, { type: "nc-sso", ok: true, code: 0, message: "" });
    expect(screen.queryByLabelText("landed")).toBeNull();
    post(popup, window.location.origin, { type: "nc-sso", ok: true, code: 0, message: "" });
    expect((await screen.findByLabelText("landed", {}, { timeout: 10_000 })).textContent).toBe("/dashboard");
  });

  it("shows the provider's refusal the popup reported", async () => {
    stubApi({ "POST /api/tenant/pub/sso/start": () => ({ url: "https://login.acme.example/authorize" }) });
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user, email } = await openStep();
    await user.type(email, "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Continue to your organisation" }));
    await waitFor(() => expect(popup.location.href).not.toBe("about:blank"));
    post(popup, window.location.origin, {
      type: "nc-sso",
      ok: false,
      code: ERRORS.ssoEmailUnverified.code,
      message: "Your organisation's identity provider does not vouch for this e-mail address.",
    });
    expect(await screen.findByText(/does not vouch for this e-mail address/)).toBeTruthy();
    expect(screen.queryByLabelText("landed")).toBeNull();
  });

  it("says when no organisation signs in that e-mail, and closes the popup it opened", async () => {
    const message = "No organisation signs in with single sign-on for this e-mail address on this site.";
    stubApi({ "POST /api/tenant/pub/sso/start": () => new Refusal(ERRORS.ssoUnavailable.code, message) });
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user, email } = await openStep();
    await user.type(email, "ana@nowhere.example");
    await user.click(screen.getByRole("button", { name: "Continue to your organisation" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
  });

  it("goes to the provider in this window where popups are blocked, and back to the password on request", async () => {
    const calls = stubApi({
      "POST /api/tenant/pub/sso/start": () => ({ url: "https://login.acme.example/authorize" }),
    });
    vi.spyOn(window, "open").mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    const { user, email } = await openStep();
    await user.type(email, "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Continue to your organisation" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://login.acme.example/authorize"));
    expect(callsTo(calls, "POST /api/tenant/pub/sso/start")[0]?.body).toEqual({
      email: "ana@acme.example",
      popup: false,
    });
    vi.restoreAllMocks();
    await user.click(screen.getByRole("button", { name: "Back to the password sign-in" }));
    expect(await screen.findByLabelText("Password")).toBeTruthy();
  });
});
