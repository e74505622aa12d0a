import { theme } from "antd";
import { useEffect } from "react";
import { LOADING_BG_KEY, LOADING_PRIMARY_KEY } from "./color-mode";

/** Runs `work` once the browser is idle (a timer where it cannot say, Safari); returns a cancel. */
function whenIdle(work: () => void): () => void {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
  if (typeof request === "function" && typeof cancel === "function") {
    const handle = request.call(window, work, { timeout: 5_000 });
    return () => cancel.call(window, handle);
  }
  const handle = window.setTimeout(work, 1_000);
  return () => window.clearTimeout(handle);
}

/**
 * Keeps the body background and primary colour for the loading template (docs/architecture.md,
 * "Organisations and access"). Written when the browser is idle, not in hydration's effects: the
 * page's first touch of local storage is a synchronous call to the browser that would lengthen
 * one of hydration's tasks (docs/performance.md, "The head script reads nothing the server wrote").
 */
export function SaveLoadingColors() {
  const { token } = theme.useToken();
  useEffect(
    () =>
      whenIdle(() => {
        try {
          localStorage.setItem(LOADING_BG_KEY, token.colorBgLayout);
          localStorage.setItem(LOADING_PRIMARY_KEY, token.colorPrimary);
        } catch {
          // Storage may be disabled (private mode); the template then uses its defaults.
        }
      }),
    [token.colorBgLayout, token.colorPrimary],
  );
  return null;
}
