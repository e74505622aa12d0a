import { localizePath, splitLocalePath } from "@nc/contracts/locales";
import { hasAnyPermission } from "@nc/contracts/permissions";
import type { PageContext } from "@nc/contracts/site";
import { redirect } from "react-router";
import { pageForPath } from "./route-table";

/**
 * Access rules of docs/architecture.md, "Organisations and access"; docs/security.md, "Roles and rights inside an organisation" for a dashboard page: without an active organisation the
 * user chooses one (or learns they have none); without the page's permission, the 403 page.
 */
export function guardDashboardPage(request: Request, page: PageContext) {
  const { locale, rest } = splitLocalePath(new URL(request.url).pathname);
  const to = (path: string) => localizePath(path, locale ?? "en");
  const entry = pageForPath(rest);
  if (entry?.needsTenant === false) return;
  if (!page.tenant) {
    throw redirect(to(page.tenantCount === 0 ? "/dashboard/profile/no-tenant" : "/dashboard/tenants"));
  }
  if (entry?.permissions && !hasAnyPermission(page.tenant, entry.permissions))
    throw redirect(to("/dashboard/403"));
}
