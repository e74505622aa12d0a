import type { SessionUser } from "@nc/contracts/auth";
import type { DeviceInfo } from "@nc/contracts/device";
import type { Locale } from "@nc/contracts/locales";
import type { ColorMode, SiteInfo } from "@nc/contracts/site";
import type { TenantUserProfile } from "@nc/contracts/tenancy";
import type { DerivedTheme } from "./theme/derived-theme";

/** What the root loader hands every page. */
export interface RootData {
  locale: Locale;
  site: SiteInfo;
  user: SessionUser | null;
  colorMode: ColorMode;
  systemScheme: "light" | "dark" | null;
  captchaEnabled: boolean;
  /** THEME_EDITOR_ENABLED: the theme editor may appear (with ?theme_editor=1). */
  themeEditorEnabled: boolean;
  device: DeviceInfo;
  publicUrl: string;
  /** The active organisation and the user's permissions in it. */
  tenant: TenantUserProfile | null;
  tenantCount: number;
  /** HLR/MNP answers are simulated and free (no look-up provider configured). */
  lookupSandbox: boolean;
  tenantAutoSelected: boolean;
  /** antd's map token for the scheme and brand the server rendered with (derived-theme.ts). */
  derivedTheme?: DerivedTheme;
}
