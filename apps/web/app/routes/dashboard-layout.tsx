import { SwapOutlined } from "@ant-design/icons";
import { splitLocalePath } from "@nc/contracts/locales";
import { hasAnyPermission } from "@nc/contracts/permissions";
import { HydrationBoundary } from "@tanstack/react-query";
import { Menu } from "antd";
import { useTranslation } from "react-i18next";
import { Outlet, useLoaderData, useLocation, useNavigate } from "react-router";
import { unreadCountServerQuery } from "../features/notice/api/unread-count";
import { NOTICE_PERMISSIONS, NoticeBell } from "../features/notice/components/notice-bell";
import { useOperatorConsoleLink } from "../features/operator/components/operator-console-link";
import { TenantSwitcher } from "../features/tenant/components/tenant-switcher";
import { AppFrame } from "../shell/components/app-frame";
import { HeaderTools } from "../shell/components/header-tools";
import { MenuGroupTitle } from "../shell/components/menu-group-title";
import { useMenuEntry } from "../shell/components/use-menu-entry";
import { UserMenu } from "../shell/components/user-menu";
import { guardDashboardPage } from "../shell/guard-dashboard-page.server";
import { useLocale } from "../shell/i18n/use-locale";
import { serverQueries } from "../shell/query/server-queries.server";
import { requireUser } from "../shell/require-user.server";
import { DASHBOARD_PAGES, dashboardPageMeta, pageForPath } from "../shell/route-table";
import { useTenantAccess } from "../shell/tenant/use-tenant-access";
import type { Route } from "./+types/dashboard-layout";

/**
 * The bell's unread counter comes with the page (asked in-process, as the visitor; left out when
 * the role may not read notices): the first paint shows it, and the browser does not ask for it
 * again while hydrating (docs/performance.md, "A phone as slow as Lighthouse's reference").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  guardDashboardPage(request, context);
  const tenant = context.tenant;
  if (!tenant || !hasAnyPermission(tenant, NOTICE_PERMISSIONS)) return { queries: undefined };
  return { queries: await serverQueries(context, [unreadCountServerQuery(tenant.tenant.id)]) };
}

/** Every dashboard page's title comes from the route table (shell/route-table.ts). */
export const meta = dashboardPageMeta;

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { rest } = splitLocalePath(location.pathname);
  const { can } = useTenantAccess();
  const visible = DASHBOARD_PAGES.filter((p) => !p.hideInMenu && (!p.permissions || can(p.permissions)));
  const entry = useMenuEntry(onNavigate);
  // A page with visible children opens as a group holding itself and them (spec: account > recharge).
  const items = visible
    .filter((p) => !p.parent || !visible.some((q) => q.key === p.parent))
    .map((p) => {
      const children = visible.filter((c) => c.parent === p.key);
      if (children.length === 0) return entry(p);
      return {
        key: `${p.key}-group`,
        icon: entry(p).icon,
        label: <MenuGroupTitle>{t(p.titleKey)}</MenuGroupTitle>,
        children: [p, ...children].map(entry),
      };
    });
  const current = pageForPath(rest);
  const shown =
    current && visible.includes(current) ? current : DASHBOARD_PAGES.find((p) => p.key === current?.parent);
  const selected = shown?.path ?? rest;
  const open = items
    .filter((i) => "children" in i && i.children?.some((c) => c.key === selected))
    .map((i) => i.key);
  return (
    <Menu
      mode="inline"
      selectedKeys={[selected]}
      defaultOpenKeys={open}
      items={items}
      style={{ borderInlineEnd: 0 }}
    />
  );
}

/** The signed-in shell: brand, side menu, header with language, colour mode and the user menu. */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { to } = useLocale();
  const operatorLink = useOperatorConsoleLink();
  const { queries } = useLoaderData<typeof loader>();

  return (
    <HydrationBoundary state={queries}>
      <AppFrame
        home="/"
        menu={(onNavigate) => <SideMenu onNavigate={onNavigate} />}
        headerStart={<TenantSwitcher />}
        headerEnd={(wide) => (
          <>
            <NoticeBell />
            <HeaderTools />
            <UserMenu
              wide={wide}
              onOpenChange={operatorLink.onOpenChange}
              items={[
                {
                  key: "tenants",
                  icon: <SwapOutlined />,
                  label: t("tenant:switcher.all"),
                  onClick: () => navigate(to("/dashboard/tenants")),
                },
                ...operatorLink.items,
              ]}
            />
          </>
        )}
      >
        <Outlet />
      </AppFrame>
    </HydrationBoundary>
  );
}
