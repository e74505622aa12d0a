import { useSyncExternalStore } from "react";
import { useDevice } from "../../shell/device/use-device";
import { BREAKPOINTS } from "../../shell/theme/tokens";

const NARROW = `(max-width: ${BREAKPOINTS.m - 0.02}px)`;

let query: MediaQueryList | undefined;
const narrowQuery = () => (query ??= window.matchMedia(NARROW));

function subscribe(listener: () => void): () => void {
  narrowQuery().addEventListener("change", listener);
  return () => narrowQuery().removeEventListener("change", listener);
}

const ignore = () => () => {};
const narrowNow = () => narrowQuery().matches;
const notNarrow = () => false;

/**
 * The mobile/tablet layer applies on a phone or tablet (user agent) or in a window under 1024px.
 * With `watch` false the window is not followed (false): the page without the editor must not be
 * rendered again right after hydration because the window turned out narrow (docs/performance.md,
 * "Work right after hydration").
 */
export function useMobileVariant(watch = true): boolean {
  const { mobileOrTablet } = useDevice();
  const narrow = useSyncExternalStore(watch ? subscribe : ignore, watch ? narrowNow : notNarrow, notNarrow);
  return mobileOrTablet || narrow;
}
