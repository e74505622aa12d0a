import type { Profile } from "@nc/contracts/auth";
import type { TenantUserProfile } from "@nc/contracts/tenancy";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntApp, ConfigProvider } from "antd";
import type { ComponentType, ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { vi } from "vitest";
import { createI18n } from "../app/shell/i18n/i18n";
import { messagesFor } from "../app/shell/i18n/messages.server";
import type { RootData } from "../app/shell/root-data";
import { ColorModeProvider } from "../app/shell/theme/color-mode";
import { STATIC_STYLES_THEME } from "../app/shell/theme/static-styles";
import { themeConfig } from "../app/shell/theme/tokens";

/** The English catalogues, as the server hands them to a page. */
export const EN = messagesFor("en");

/** An organisation the signed-in user works in, with the given permissions. */
export function tenantWith(permissions: string[], isSuper = false): TenantUserProfile {
  return {
    permissions,
    super: isSuper,
    role: { id: "role-1", name: "Operator", key: null },
    tenant: {
      id: "t-1",
      name: "Acme",
      timezoneCode: "UTC",
      status: "active",
      keepFileColumns: false,
      requireTwoFactor: false,
      keysWithoutTwoFactor: false,
    },
  };
}

export function rootData(overrides: Partial<RootData> = {}): RootData {
  return {
    locale: "en",
    site: {
      name: "NumCheck",
      logo: "",
      darkLogo: "",
      email: "help@example.com",
      domain: "",
      subDomain: "",
      primaryColor: "",
    },
    user: { id: "u-1", email: "ana@example.com", name: "Ana", locale: "en" },
    colorMode: "light",
    systemScheme: null,
    captchaEnabled: false,
    themeEditorEnabled: false,
    device: { mobileOrTablet: false, phone: false },
    publicUrl: "http://localhost",
    tenant: tenantWith(["*"], true),
    tenantCount: 1,
    lookupSandbox: false,
    tenantAutoSelected: false,
    ...overrides,
  };
}

/** Where a navigation ended up, for routes the test did not render itself. */
function Landed() {
  const location = useLocation();
  return <output aria-label="landed">{`${location.pathname}${location.search}`}</output>;
}

export interface PageOptions {
  /** The address the page opens at (default "/"). */
  url?: string;
  /** The route pattern the element is mounted on (default: the address's path). */
  pattern?: string;
  root?: Partial<RootData>;
  /** The page route's own loader data, as its server loader would hand it. */
  loaderData?: unknown;
}

/**
 * Renders an element the way the app does: under a "root" route with loader data, the i18next
 * instance of the English catalogues, antd with the product's light theme and App (message),
 * a fresh QueryClient without retries, and a memory router; other paths render where they landed.
 */
export async function renderPage(element: ReactElement, options: PageOptions = {}) {
  const url = options.url ?? "/";
  const data = rootData(options.root);
  const i18n = createI18n("en", EN);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const Page: ComponentType = () => element;
  function Root() {
    return (
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <ColorModeProvider initialMode={data.colorMode} systemScheme={data.systemScheme}>
            <ConfigProvider theme={{ ...themeConfig(false), ...STATIC_STYLES_THEME }}>
              <AntApp>
                <Outlet />
              </AntApp>
            </ConfigProvider>
          </ColorModeProvider>
        </I18nextProvider>
      </QueryClientProvider>
    );
  }
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => data,
      HydrateFallback: () => null,
      Component: Root,
      children: [
        {
          path: options.pattern ?? new URL(url, "http://x").pathname,
          Component: Page,
          ...("loaderData" in options ? { loader: () => options.loaderData } : {}),
        },
        { path: "*", Component: Landed },
      ],
    },
  ]);
  const user = userEvent.setup();
  const view = render(<Stub initialEntries={[url]} />);
  // The root loader runs before the first render of the page; a heavy page (a whole layout) may
  // take more than waitFor's default second to mount on a loaded machine.
  await vi.waitFor(
    () => {
      if (!view.container.firstChild) throw new Error("the page has not rendered");
    },
    { timeout: 10_000 },
  );
  return { ...view, user, queryClient, i18n };
}

/** One request the page made, as the server would read it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A refusal in the product's envelope: a non-zero code, the server's message, optional data. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
    readonly status = 200,
  ) {}
}

export type ApiRoutes = Record<string, (call: ApiCall) => unknown>;

/**
 * Stubs fetch with the product's envelope `{code, msg, data}`: a route "METHOD /path" returns data
 * (code 0) or a Refusal; any other call fails the test. Returns every call made, in order.
 */
export function stubApi(routes: ApiRoutes): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = typeof input === "string" || input instanceof URL ? null : input;
    const url = new URL(request?.url ?? String(input), "http://localhost");
    const method = (init.method ?? request?.method ?? "GET").toUpperCase();
    const text = typeof init.body === "string" ? init.body : "";
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
    const answer = await handler(call);
    const envelope =
      answer instanceof Refusal
        ? { code: answer.code, msg: answer.msg, data: answer.data }
        : { code: 0, msg: "ok", data: answer ?? null };
    return new Response(JSON.stringify(envelope), {
      status: answer instanceof Refusal ? answer.status : 200,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

/** The calls to one route. */
export const callsTo = (calls: ApiCall[], route: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === route);

/** The error text a field is described by (antd links a field to its help with aria-describedby). */
export function errorOf(field: HTMLElement): string {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

/** Waits until the field shows the given error. */
export const expectFieldError = (field: HTMLElement, text: string) =>
  vi.waitFor(
    () => {
      if (!errorOf(field).includes(text)) throw new Error(`"${errorOf(field)}" does not say "${text}"`);
    },
    // The answer, then the form's own render: more than a second on a loaded machine.
    { timeout: 5_000 },
  );

type User = ReturnType<typeof userEvent.setup>;

/** The options an open antd Select shows, by label, with whether each can be picked. */
export function shownOptions(): { label: string; disabled: boolean }[] {
  return [
    ...document.querySelectorAll<HTMLElement>(
      ".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option",
    ),
  ].map((option) => ({
    label: option.getAttribute("title") ?? option.textContent ?? "",
    disabled: option.classList.contains("ant-select-item-option-disabled"),
  }));
}

/** Opens an antd Select and picks the option with that label. */
export async function pickOption(user: User, select: HTMLElement, label: string) {
  await user.click(select);
  const option = await vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-item-option")].find(
      (o) => (o.getAttribute("title") ?? o.textContent) === label,
    );
    if (!found) throw new Error(`no option "${label}" among ${JSON.stringify(shownOptions())}`);
    return found;
  });
  await user.click(option);
}

/** Answers an open antd Popconfirm with its button of that label (not the button that opened it). */
export async function confirmPopover(user: User, label: string) {
  const button = await vi.waitFor(() => {
    const found = [...document.querySelectorAll<HTMLButtonElement>(".ant-popover button")].find(
      (b) => b.textContent === label,
    );
    if (!found) throw new Error(`no open question with a "${label}" button`);
    return found;
  });
  await user.click(button);
}

/** The signed-in user's profile (Marta), as the profile page receives it. */
export function profileOf(change: Partial<Profile> = {}): Profile {
  return {
    id: "u-1",
    email: "marta@example.com",
    name: "Marta",
    locale: "en",
    createdAt: "2026-01-01T00:00:00.000Z",
    passwordChangedAt: null,
    ...change,
  };
}
