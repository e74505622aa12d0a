import type { SessionUser } from "@nc/contracts/auth";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root-data";

/** The signed-in user as the server saw it for this page (null when signed out). */
export function useSessionUser(): SessionUser | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.user ?? null;
}
