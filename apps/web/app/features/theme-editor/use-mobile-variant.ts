import { useDevice } from "../../shell/device/use-device";
import { useScreenAtLeast } from "../../shell/device/use-screen-at-least";

/**
 * The mobile/tablet layer applies on a phone or tablet (user agent) or in a window under 1024px.
 * With `watch` false the window is not followed (false): the page without the editor must not be
 * rendered again right after hydration because the window turned out narrow (docs/performance.md,
 * "Work right after hydration, and scripts after the first paint").
 */
export function useMobileVariant(watch = true): boolean {
  const { mobileOrTablet } = useDevice();
  // Assumed wide until the window is read, as on the server.
  const narrow = !useScreenAtLeast("m", true, watch);
  return mobileOrTablet || narrow;
}
