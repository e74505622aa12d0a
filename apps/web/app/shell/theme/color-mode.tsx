import { COLOR_MODE_COOKIE, COLOR_MODE_COOKIE_MAX_AGE_S, type ColorMode } from "@nc/contracts/site";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { setPreferenceCookie } from "../preference-cookie";

interface ColorModeState {
  mode: ColorMode;
  dark: boolean;
  setMode(mode: ColorMode): void;
  /** Flips between light and dark (docs/architecture.md, "Organisations and access"). */
  toggle(): void;
}

const ColorModeContext = createContext<ColorModeState | null>(null);

/**
 * Set only by the server's second rendering of a page whose visitor's system scheme it does not
 * know: the scheme that rendering is for (docs/architecture.md, "Colour mode").
 */
export const ServerSchemeContext = createContext<"light" | "dark" | null>(null);

export const LOADING_BG_KEY = "nc-loading-bg";
export const LOADING_PRIMARY_KEY = "nc-loading-primary";

/** Whether a page paints dark: chosen so, or following a system scheme that is dark. */
export function isDark(mode: ColorMode, systemDark: boolean): boolean {
  return mode === "dark" || (mode === "system" && systemDark);
}

function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches;
}

export function ColorModeProvider(props: {
  initialMode: ColorMode;
  systemScheme: "light" | "dark" | null;
  children: ReactNode;
}) {
  const [mode, setModeState] = useState<ColorMode>(props.initialMode);
  const serverScheme = useContext(ServerSchemeContext) ?? props.systemScheme;
  // On the server "system" follows the client hint; in the browser, the media query.
  const [systemDark, setSystemDark] = useState<boolean>(() =>
    typeof window === "undefined" ? serverScheme === "dark" : systemPrefersDark(),
  );

  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const listener = () => setSystemDark(query.matches);
    query.addEventListener("change", listener);
    return () => query.removeEventListener("change", listener);
  }, []);

  const dark = isDark(mode, systemDark);

  useEffect(() => {
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  }, [dark]);

  const setMode = useCallback((next: ColorMode) => {
    setPreferenceCookie(COLOR_MODE_COOKIE, next, COLOR_MODE_COOKIE_MAX_AGE_S);
    setModeState(next);
  }, []);

  const value = useMemo<ColorModeState>(
    () => ({ mode, dark, setMode, toggle: () => setMode(dark ? "light" : "dark") }),
    [mode, dark, setMode],
  );
  return <ColorModeContext.Provider value={value}>{props.children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeState {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode outside ColorModeProvider");
  return value;
}
