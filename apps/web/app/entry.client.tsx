import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { rootHasMounted } from "./shell/hydration/hydration-mark";
import { reuseServerFormattedMoney } from "./shell/money/formatted-money";

/** The console line a failed mount writes (docs/architecture.md, "Decisions and why": a mount failure is logged as an error). */
const MOUNT_FAILED = "Error while mounting the app:";

let mounted = false;

/**
 * Marks the first commit: an uncaught error before it is the mount failing. From then on React
 * handles the page; `<html data-hydrated>` follows once the boundaries that hydrate on their own
 * have too (shell/hydration/hydration-mark.ts).
 */
function Mounted({ children }: { children: ReactNode }) {
  useEffect(() => {
    mounted = true;
    rootHasMounted();
  }, []);
  return children;
}

/**
 * Hydrates the server-rendered page. Errors that no route's error boundary catches (the router
 * itself, the document) are logged: before the first commit as a failed mount, after it as
 * uncaught.
 */
reuseServerFormattedMoney();
startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <Mounted>
          <HydratedRouter />
        </Mounted>
      </StrictMode>,
      {
        onUncaughtError(error, info) {
          console.error(mounted ? "Uncaught error:" : MOUNT_FAILED, error, info.componentStack ?? "");
        },
      },
    );
  } catch (error) {
    console.error(MOUNT_FAILED, error);
  }
});
