import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "../../shell/components/error-page";
import { pageMeta } from "../../shell/page-meta";
import type { Route } from "./+types/catch-all";

export const meta = pageMeta("common:errors.notFoundTitle");

/**
 * A dashboard address no page claims: HTTP 404 with the translated not-found page inside the
 * dashboard's frame, its menu and header kept (docs/architecture.md, "What a person meets first").
 */
export function loader(_args: Route.LoaderArgs) {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error) ? error.statusText : undefined;
  return <ErrorPage framed home="/dashboard" status={status} statusText={statusText} />;
}
