import { useDevice } from "./use-device";
import { useScreenAtLeast } from "./use-screen-at-least";

/**
 * True on phone-width screens (below the "s" breakpoint, 640 px), where pages show cards
 * and stacked filters instead of wide rows. Before the first measurement (and on the server) the
 * user agent decides, as the dashboard layout does, so the first paint already has the right shape.
 */
export function useNarrow(): boolean {
  const device = useDevice();
  return !useScreenAtLeast("s", !device.phone);
}
