import {
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  LineChartOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { OperatorPermission } from "@nc/contracts/operator";
import type { ComponentType } from "react";
import { matchPath } from "react-router";

/**
 * The operator console's pages (docs/operations.md, "The operator console"): one table drives the
 * console's menu (order, icon, visibility), the right each page needs and its title. The server
 * refuses every call a right does not cover; the table only keeps the console from offering them.
 */
export interface OperatorPage {
  key: string;
  /** Locale-free path pattern, e.g. /operator/customers/:id. */
  path: string;
  titleKey: string;
  icon?: ComponentType;
  /** The operator right the page needs; none means every operator. */
  permission?: OperatorPermission;
  hideInMenu?: boolean;
  /** The menu entry this page belongs under. */
  parent?: string;
}

export const OPERATOR_PAGES: OperatorPage[] = [
  { key: "overview", path: "/operator", titleKey: "operator:overview.title", icon: DashboardOutlined },
  {
    key: "money",
    path: "/operator/money",
    titleKey: "operator:money.title",
    icon: BankOutlined,
    permission: "operator.recharge:read",
  },
  {
    key: "moneySummary",
    path: "/operator/money/summary",
    titleKey: "operatorPeople:summary.title",
    icon: LineChartOutlined,
    permission: "operator.recharge:read",
  },
  {
    key: "customers",
    path: "/operator/customers",
    titleKey: "operator:customers.title",
    icon: TeamOutlined,
    permission: "operator.customer:read",
  },
  {
    key: "customer",
    path: "/operator/customers/:id",
    titleKey: "operator:customer.title",
    permission: "operator.customer:read",
    hideInMenu: true,
    parent: "customers",
  },
  {
    key: "customerLedger",
    path: "/operator/customers/:id/ledger",
    titleKey: "operatorPeople:ledger.title",
    permission: "operator.customer:read",
    hideInMenu: true,
    parent: "customers",
  },
  {
    key: "customerSupport",
    path: "/operator/customers/:id/support",
    titleKey: "operatorPeople:support.title",
    permission: "operator.customer:read",
    hideInMenu: true,
    parent: "customers",
  },
  {
    key: "users",
    path: "/operator/users",
    titleKey: "operatorPeople:users.title",
    icon: UserOutlined,
    permission: "operator.user:read",
  },
  {
    key: "user",
    path: "/operator/users/:id",
    titleKey: "operatorPeople:user.title",
    permission: "operator.user:read",
    hideInMenu: true,
    parent: "users",
  },
  {
    key: "partners",
    path: "/operator/partners",
    titleKey: "operatorSetup:partners.title",
    icon: ShopOutlined,
    permission: "operator.partner:read",
  },
  {
    key: "prices",
    path: "/operator/prices",
    titleKey: "operatorSetup:prices.title",
    icon: TagsOutlined,
    permission: "operator.price:read",
  },
  {
    key: "providers",
    path: "/operator/providers",
    titleKey: "operatorSetup:providers.title",
    icon: ApiOutlined,
    permission: "operator.provider:read",
  },
  {
    key: "operators",
    path: "/operator/operators",
    titleKey: "operator:operators.title",
    icon: SafetyCertificateOutlined,
    permission: "operator.operator:read",
  },
  {
    key: "audit",
    path: "/operator/audit",
    titleKey: "operator:audit.title",
    icon: AuditOutlined,
    permission: "operator.audit:read",
  },
];

/** The table entry of a locale-free path, if it has one. */
export function operatorPageForPath(path: string): OperatorPage | undefined {
  return OPERATOR_PAGES.find((page) => matchPath({ path: page.path, end: true }, path));
}

/** Whether an operator holding `rights` may open the page. */
export const mayOpen = (page: OperatorPage, rights: readonly string[]) =>
  !page.permission || rights.includes(page.permission);

/** The menu: pages shown in it that the operator's rights open, in the table's order. */
export const operatorMenuPages = (rights: readonly string[]) =>
  OPERATOR_PAGES.filter((page) => !page.hideInMenu && mayOpen(page, rights));
