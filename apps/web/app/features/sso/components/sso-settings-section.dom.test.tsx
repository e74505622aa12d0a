import { ERRORS } from "@nc/contracts/errors";
import type { SsoSettingsView } from "@nc/contracts/sso";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, pickOption, Refusal, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { SsoSettingsSection } from "./sso-settings-section";

const ROLES = [
  {
    id: "r-owner",
    name: "Owner",
    key: "owner",
    super: true,
    builtIn: true,
    permissions: [],
    memberCount: 1,
    createdAt: "",
  },
  {
    id: "r-dev",
    name: "Developer",
    key: "developer",
    super: false,
    builtIn: true,
    permissions: [],
    memberCount: 0,
    createdAt: "",
  },
];

const view = (change: Partial<SsoSettingsView> = {}): SsoSettingsView => ({
  configured: false,
  issuer: "",
  clientId: "",
  hasClientSecret: false,
  roleId: null,
  required: false,
  redirectUri: "https://checks.example.com/sso/callback",
  domains: [],
  ...change,
});

async function open(isSuper: boolean, routes: Record<string, () => unknown> = {}, settings = view()) {
  const calls = stubApi({
    "GET /api/tenant/s/t-1/sso": () => settings,
    "GET /api/tenant/role": () => ROLES,
    ...routes,
  });
  const page = await renderPage(<SsoSettingsSection />, {
    url: "/dashboard/tenant?tab=settings",
    pattern: "/dashboard/tenant",
    root: { tenant: tenantWith(["tenant:update"], isSuper) },
  });
  return { ...page, calls };
}

/** Single sign-on on the organisation's settings tab (docs/security.md, "Single sign-on"). */
describe("the organisation's single sign-on settings", { timeout: 60_000 }, () => {
  it("shows the redirect URI and saves the provider, the newcomers' role (never Owner) and the rule", async () => {
    const { user, calls } = await open(true, { "POST /api/tenant/s/t-1/sso": () => ({}) });
    expect((await screen.findByTestId("sso-redirect-uri")).textContent).toContain(
      "https://checks.example.com/sso/callback",
    );
    await user.type(screen.getByLabelText("Issuer URL"), "https://login.acme.example");
    await user.type(screen.getByLabelText("Client ID"), "numbercheck");
    await user.type(screen.getByLabelText("Client secret"), "s3cret-value");
    await pickOption(user, screen.getByLabelText("Role of people who join by signing in"), "Developer");
    // Never the Owner role: anyone of the domain would become an Owner.
    const offered = [...document.querySelectorAll(".ant-select-item-option")].map((o) =>
      o.getAttribute("title"),
    );
    expect(offered).toEqual(["Developer"]);
    await user.click(screen.getByRole("switch", { name: "Members of these domains must sign in this way" }));
    await user.click(screen.getByTestId("save-sso"));
    expect(await screen.findByText("Single sign-on saved")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/s/t-1/sso")[0]?.body).toEqual({
      issuer: "https://login.acme.example",
      clientId: "numbercheck",
      clientSecret: "s3cret-value",
      roleId: "r-dev",
      required: true,
    });
  });

  it("keeps a stored secret when left empty, and says why the server refused", async () => {
    const message = "The identity provider's settings could not be read from this issuer address.";
    const { user, calls } = await open(
      true,
      { "POST /api/tenant/s/t-1/sso": () => new Refusal(ERRORS.ssoIssuerUnreachable.code, message) },
      view({
        configured: true,
        issuer: "https://old.example",
        clientId: "c",
        hasClientSecret: true,
        roleId: "r-dev",
      }),
    );
    expect(await screen.findByText("A secret is stored; leave empty to keep it.")).toBeTruthy();
    await user.click(screen.getByTestId("save-sso"));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/s/t-1/sso")[0]?.body).toEqual({
      issuer: "https://old.example",
      clientId: "c",
      roleId: "r-dev",
      required: false,
    });
  });

  it("adds a domain, shows its TXT record, checks it and sends a code to its admin mailbox", async () => {
    const domain = {
      id: "d-1",
      domain: "acme.example",
      txtRecord: "numbercheck-verification=abc",
      provenAt: null,
      method: null,
    };
    const { user, calls } = await open(
      true,
      {
        "POST /api/tenant/s/t-1/sso/domains": () => domain,
        "POST /api/tenant/s/t-1/sso/domains/d-1/dns": () => ({
          ...domain,
          provenAt: "2026-12-05T10:00:00Z",
          method: "dns",
        }),
        "POST /api/tenant/s/t-1/sso/domains/d-1/email": () => ({ sentTo: "admin@acme.example" }),
        "POST /api/tenant/s/t-1/sso/domains/d-1/code": () => ({ proven: true }),
      },
      view({ domains: [domain] }),
    );
    const card = await screen.findByTestId("sso-domain-acme.example");
    expect(within(card).getByText("Not proven")).toBeTruthy();
    expect(within(card).getByTestId("sso-txt-acme.example").textContent).toContain(
      "numbercheck-verification=abc",
    );
    await user.click(within(card).getByRole("button", { name: "Check the DNS record of acme.example" }));
    expect(await screen.findByText("acme.example is proven")).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Send a code for acme.example" }));
    expect(await screen.findByText("Code sent to admin@acme.example")).toBeTruthy();
    await user.type(within(card).getByLabelText("Code from the e-mail"), "12345678");
    await user.click(within(card).getByRole("button", { name: "Confirm the code for acme.example" }));
    expect(callsTo(calls, "POST /api/tenant/s/t-1/sso/domains/d-1/email")[0]?.body).toEqual({
      local: "admin",
    });
    expect(callsTo(calls, "POST /api/tenant/s/t-1/sso/domains/d-1/code")[0]?.body).toEqual({
      code: "12345678",
    });

    await user.type(screen.getByLabelText("Domain"), "Other.Example");
    await user.click(screen.getByTestId("sso-add-domain"));
    await screen.findAllByTestId("sso-domain-acme.example");
    expect(callsTo(calls, "POST /api/tenant/s/t-1/sso/domains")[0]?.body).toEqual({
      domain: "other.example",
    });
  });

  it("is not shown to anyone but an Owner", async () => {
    const { calls } = await open(false);
    expect(screen.queryByText("Single sign-on")).toBeNull();
    expect(calls).toEqual([]);
  });
});
