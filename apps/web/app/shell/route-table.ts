import {
  BarChartOutlined,
  CreditCardOutlined,
  DollarOutlined,
  HistoryOutlined,
  HomeOutlined,
  KeyOutlined,
  SearchOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { splitLocalePath } from "@nc/contracts/locales";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { pageMeta } from "./page-meta";

/**
 * The dashboard's screens: one table drives the side menu (order, icon, nesting, visibility),
 * the permission each needs (checked by the dashboard layout before rendering) and its title.
 * Menu order follows docs/architecture.md, "What a person meets first"; screens join the table as they are built.
 */
export interface DashboardPage {
  key: string;
  /** Locale-free path pattern, e.g. /dashboard/tenant/role/:id. */
  path: string;
  titleKey: string;
  icon?: ComponentType;
  /** Any one of these is enough; none means every member. */
  permissions?: readonly string[];
  hideInMenu?: boolean;
  /** Pages about the user rather than an organisation open without an active tenant. */
  needsTenant?: boolean;
  /** The menu entry this page belongs under. */
  parent?: string;
}

export const DASHBOARD_PAGES: DashboardPage[] = [
  { key: "dashboard", path: "/dashboard", titleKey: "dashboard:home.title", icon: HomeOutlined },
  {
    key: "detection",
    path: "/dashboard/detection",
    titleKey: "detection:title",
    icon: SearchOutlined,
    permissions: ROUTE_PERMISSIONS.detection,
  },
  {
    key: "fraud-lists",
    path: "/dashboard/detection/fraud-lists",
    titleKey: "fraudLists:title",
    permissions: ROUTE_PERMISSIONS.fraudLists,
    hideInMenu: true,
    parent: "detection",
  },
  {
    key: "history",
    path: "/dashboard/history",
    titleKey: "history:title",
    icon: HistoryOutlined,
    permissions: ROUTE_PERMISSIONS.history,
  },
  {
    key: "history-job",
    path: "/dashboard/history/:id",
    titleKey: "history:job.title",
    permissions: ROUTE_PERMISSIONS.history,
    hideInMenu: true,
    parent: "history",
  },
  {
    key: "price",
    path: "/dashboard/price",
    titleKey: "price:title",
    icon: DollarOutlined,
    permissions: ROUTE_PERMISSIONS.price,
  },
  {
    key: "account",
    path: "/dashboard/account",
    titleKey: "account:title",
    icon: WalletOutlined,
    permissions: ROUTE_PERMISSIONS.account,
  },
  {
    key: "account-detail",
    path: "/dashboard/account/detail",
    titleKey: "account:detailTitle",
    permissions: ROUTE_PERMISSIONS.accountDetail,
    hideInMenu: true,
    parent: "account",
  },
  {
    key: "recharge",
    path: "/dashboard/account/recharge",
    titleKey: "recharge:title",
    icon: CreditCardOutlined,
    permissions: ROUTE_PERMISSIONS.recharge,
    parent: "account",
  },
  {
    key: "receipt",
    path: "/dashboard/account/receipt/:id",
    titleKey: "recharge:receipt.title",
    permissions: ROUTE_PERMISSIONS.receipt,
    hideInMenu: true,
    parent: "account",
  },
  {
    key: "api-keys",
    path: "/dashboard/api-keys",
    titleKey: "apiKeys:title",
    icon: KeyOutlined,
    permissions: ROUTE_PERMISSIONS.apiKeys,
  },
  {
    key: "api-usage",
    path: "/dashboard/api-usage",
    titleKey: "apiUsage:title",
    icon: BarChartOutlined,
    permissions: ROUTE_PERMISSIONS.apiUsage,
  },
  {
    key: "api-requests",
    path: "/dashboard/api-requests",
    titleKey: "apiRequests:title",
    icon: UnorderedListOutlined,
    permissions: ROUTE_PERMISSIONS.apiRequests,
  },
  { key: "tenant", path: "/dashboard/tenant", titleKey: "tenant:manage.title", icon: TeamOutlined },
  {
    key: "role-add",
    path: "/dashboard/tenant/role/add",
    titleKey: "tenant:roles.addTitle",
    permissions: ROUTE_PERMISSIONS.roleAdd,
    hideInMenu: true,
    parent: "tenant",
  },
  {
    key: "role-edit",
    path: "/dashboard/tenant/role/:id",
    titleKey: "tenant:roles.editTitle",
    permissions: ROUTE_PERMISSIONS.roleEdit,
    hideInMenu: true,
    parent: "tenant",
  },
  {
    key: "member-add",
    path: "/dashboard/tenant/member/add",
    titleKey: "members:add.title",
    permissions: ROUTE_PERMISSIONS.memberAdd,
    hideInMenu: true,
    parent: "tenant",
  },
  {
    key: "member-edit",
    path: "/dashboard/tenant/member/:id",
    titleKey: "members:detail.title",
    permissions: ROUTE_PERMISSIONS.memberEdit,
    hideInMenu: true,
    parent: "tenant",
  },
  {
    key: "profile",
    path: "/dashboard/profile",
    titleKey: "profile:title",
    icon: UserOutlined,
    hideInMenu: true,
    needsTenant: false,
  },
];

/** The table entry of a locale-free path, if it has one. */
export function pageForPath(path: string): DashboardPage | undefined {
  return DASHBOARD_PAGES.find((page) => matchPath({ path: page.path, end: true }, path));
}

/**
 * A dashboard page's title, "Title | site name", from its entry in the table: the dashboard
 * layout's meta, which the pages under it use unless they say otherwise (an unknown address: the
 * not-found title).
 */
export function dashboardPageMeta(
  args: Parameters<ReturnType<typeof pageMeta>>[0] & { location: { pathname: string } },
) {
  const page = pageForPath(splitLocalePath(args.location.pathname).rest);
  return pageMeta(page?.titleKey ?? "common:defaultTitle")(args);
}
