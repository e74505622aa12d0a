import { Grid } from "antd";
import { useDevice } from "./use-device";

/**
 * True on phone-width screens (below the "s" breakpoint, 640 px), where pages show cards
 * and stacked filters instead of wide rows. Before the first measurement (and on the server) the
 * user agent decides, as the dashboard layout does, so the first paint already has the right shape.
 */
export function useNarrow(): boolean {
  const screens = Grid.useBreakpoint();
  const device = useDevice();
  return !(screens.sm ?? !device.phone);
}
