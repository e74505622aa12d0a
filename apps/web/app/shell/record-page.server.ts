import type { PageContext } from "@nc/contracts/site";
import { data } from "react-router";
import { guardDashboardPage } from "./guard-dashboard-page.server";
import { requireUser } from "./require-user.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The route check of a dashboard page about one record (history/:id, role/:id, member/:id,
 * receipt/:id): an id that is not a UUID, or one the API does not find for this visitor, is the
 * fatal 404 "Page Not Found: {path}" of docs/architecture.md, "What a person meets first", drawn by the locale layout in the visitor's
 * language, instead of the page with an error inside. Sign-in, organisation and permission come
 * first, with the dashboard layout's own checks, so they answer as on any other page.
 */
export async function requireRecord(
  request: Request,
  page: PageContext,
  id: string | undefined,
  apiPath: (id: string) => string,
): Promise<void> {
  requireUser(request, page);
  guardDashboardPage(request, page);
  const found = id !== undefined && UUID.test(id) && (await page.apiStatus(apiPath(id))) !== 404;
  if (!found)
    throw data(null, { status: 404, statusText: `Page Not Found: ${new URL(request.url).pathname}` });
}
