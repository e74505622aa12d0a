/**
 * When the whole server-rendered page is React's: the root has committed and every boundary that
 * hydrates on its own (HydratingBoundary) has too. Then `<html data-hydrated>` is set (the browser
 * tests wait for it) and a form sent before, held by the script starter of the pages that start
 * their scripts after the first paint (shell/scripts-after-paint.server.ts), is sent again.
 */
let rootMounted = false;
let pendingBoundaries = 0;

function markWhenDone() {
  if (!rootMounted || pendingBoundaries > 0) return;
  const html = document.documentElement;
  if (html.hasAttribute("data-hydrated")) return;
  html.setAttribute("data-hydrated", "");
  const held = (window as { __ncHeldSubmit?: HTMLFormElement }).__ncHeldSubmit;
  if (held?.isConnected) held.requestSubmit();
}

/** The root's first commit (entry.client.tsx). */
export function rootHasMounted() {
  rootMounted = true;
  markWhenDone();
}

/** A boundary's shell has committed; its content will hydrate later. */
export function boundaryPending() {
  pendingBoundaries += 1;
}

/** A boundary's content has committed. */
export function boundarySettled() {
  pendingBoundaries -= 1;
  markWhenDone();
}
