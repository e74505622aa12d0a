import { data } from "react-router";
import type { Route } from "./+types/catch-all";

/** Any path no page claims: the translated not-found page with HTTP 404 (docs/architecture.md, "What a person meets first"). */
export function loader(_args: Route.LoaderArgs) {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

export default function CatchAll() {
  return null;
}
