import type { DeviceInfo } from "@nc/contracts/device";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root-data";

/** The device class told by the user agent (docs/architecture.md, "What a person meets first"), known on the server's first render too. */
export function useDevice(): DeviceInfo {
  return (
    (useRouteLoaderData("root") as RootData | undefined)?.device ?? { mobileOrTablet: false, phone: false }
  );
}
