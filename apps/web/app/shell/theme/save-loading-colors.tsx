import { theme } from "antd";
import { useEffect } from "react";
import { LOADING_BG_KEY, LOADING_PRIMARY_KEY } from "./color-mode";

/** Keeps the body background and primary colour for the loading template (docs/architecture.md, "Organisations and access"). */
export function SaveLoadingColors() {
  const { token } = theme.useToken();
  useEffect(() => {
    try {
      localStorage.setItem(LOADING_BG_KEY, token.colorBgLayout);
      localStorage.setItem(LOADING_PRIMARY_KEY, token.colorPrimary);
    } catch {
      // Storage may be disabled (private mode); the template then uses its defaults.
    }
  }, [token.colorBgLayout, token.colorPrimary]);
  return null;
}
