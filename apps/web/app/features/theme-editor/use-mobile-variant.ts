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

/** The mobile/tablet layer applies on a phone or tablet (user agent) or in a window under 1024px. */
export function useMobileVariant(): boolean {
  const { mobileOrTablet } = useDevice();
  const narrow = useSyncExternalStore(
    subscribe,
    () => narrowQuery().matches,
    () => false,
  );
  return mobileOrTablet || narrow;
}
