import { HomeOutlined, UserOutlined } from "@ant-design/icons";
import type { ComponentType } from "react";

/**
 * The dashboard's screens: one table drives the side menu (order, icon, visibility), the
 * permission each needs and its title key. Later screens join this table as they are built.
 */
export interface DashboardPage {
  key: string;
  path: string;
  titleKey: string;
  icon: ComponentType;
  /** Any one of these is enough; none means every signed-in user. */
  permissions?: readonly string[];
  hideInMenu?: boolean;
}

export const DASHBOARD_PAGES: DashboardPage[] = [
  { key: "dashboard", path: "/dashboard", titleKey: "dashboard:home.title", icon: HomeOutlined },
  {
    key: "profile",
    path: "/dashboard/profile",
    titleKey: "profile:title",
    icon: UserOutlined,
    hideInMenu: true,
  },
];
