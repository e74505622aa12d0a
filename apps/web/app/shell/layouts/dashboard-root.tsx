import { Outlet } from "react-router";

/** /dashboard and below; each child layout decides whether sign-in is needed. */
export default function DashboardRoot() {
  return <Outlet />;
}
