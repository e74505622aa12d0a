/** Partner (white-label) site information as partner/info returns it (docs/architecture.md, "Organisations and access"). */
export interface SiteInfo {
  name: string;
  logo: string;
  darkLogo: string;
  email: string;
  domain: string;
  subDomain: string;
  /** The partner's brand colour (#rrggbb), "" for the product's own; pages use its text-safe shade. */
  primaryColor: string;
}

export type ColorMode = "light" | "dark" | "system";
export const COLOR_MODES: readonly ColorMode[] = ["light", "dark", "system"];
export const COLOR_MODE_COOKIE = "color_mode";
export const COLOR_MODE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** What the server hands the page renderer for every request. */
export interface PageContext {
  site: SiteInfo;
  user: import("./auth").SessionUser | null;
  colorMode: ColorMode;
  /** The scheme the server could tell for "system" (client hint), else null. */
  systemScheme: "light" | "dark" | null;
  cookieLocale: string | null;
  acceptLanguage: string | null;
  userAgent: string;
  captchaEnabled: boolean;
  /** The public configuration allows the theme editor (it still needs ?theme_editor=1). */
  themeEditorEnabled: boolean;
  publicUrl: string;
  /** This page's Content-Security-Policy nonce: every inline script of the page carries it. */
  nonce: string;
  /** The active organisation and the user's place in it (cookie per user, or the only one). */
  tenant: import("./tenancy").TenantUserProfile | null;
  /** Live look-ups (HLR, MNP) come from the sandbox provider: simulated and free. */
  lookupSandbox: boolean;
  /** How many organisations the user belongs to. */
  tenantCount: number;
  /** True when the server picked the user's only organisation because none was remembered. */
  tenantAutoSelected: boolean;
  /**
   * The brand, session or organisation could not be loaded (the database is unreachable): the page
   * is the server-error page, and the failure is in the server's log (docs/architecture.md, "Decisions and why").
   */
  siteInfoFailed: boolean;
  /**
   * The HTTP status the dashboard API answers this visitor (their session, active organisation and
   * host) for a GET of `path`, asked in-process: how a page's loader learns that the record its URL
   * names does not exist for them (docs/architecture.md, dashboard pages).
   */
  apiStatus(path: string): Promise<number>;
  /**
   * The same in-process GET, with the answer's `data` when it is a success (status 200, code 0),
   * else null: how a layout hands its first HTML what the browser would otherwise ask for after
   * it loads (the operator console's rights, docs/operations.md, "The operator console").
   */
  apiJson<T>(path: string): Promise<ApiAnswer<T>>;
}

/** What `PageContext.apiJson` answers: the HTTP status and, on success, the envelope's data. */
export interface ApiAnswer<T> {
  status: number;
  data: T | null;
}
