import { ArrowLeftOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { splitLocalePath } from "@nc/contracts/locales";
import type { OperatorMe } from "@nc/contracts/operator";
import { Button, Dropdown, Layout, Menu, Result, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
} from "react-router";
import { mayOpen, operatorMenuPages, operatorPageForPath } from "../features/operator/operator-pages";
import { useOperator } from "../features/operator/use-operator";
import { AppFrame } from "../shell/components/app-frame";
import { BrandHeader } from "../shell/components/brand-header";
import { HeaderTools } from "../shell/components/header-tools";
import { useMenuEntry } from "../shell/components/use-menu-entry";
import { errorText } from "../shell/forms/api-error-feedback";
import { useLocale } from "../shell/i18n/use-locale";
import { requireUser } from "../shell/require-user.server";
import { useSignOut } from "../shell/session/sign-out";
import { useSessionUser } from "../shell/session/use-session-user";
import type { Route } from "./+types/operator-layout";
import ForbiddenPage from "./dashboard/forbidden";

/**
 * The console opens to operators only (docs/operations.md, "The operator console"): the server
 * asks /api/operator/me in-process, with the visitor's session, and hands the answer to the page,
 * so the first HTML already has the menu their rights open. Signed out: sign-in, with the way
 * back; signed in but no operator: the 403 page, with its status.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ me: OperatorMe }> {
  requireUser(request, context);
  const answer = await context.apiJson<OperatorMe>("/api/operator/me");
  // The session ended between the page and the question: sign in again, as for no session.
  if (answer.status === 401) requireUser(request, { user: null });
  if (answer.status === 403) throw data(null, { status: 403, statusText: "Forbidden" });
  if (answer.status !== 200 || !answer.data)
    throw data(null, { status: 500, statusText: "Internal Server Error" });
  return { me: answer.data };
}

function OperatorMenu({ rights, onNavigate }: { rights: readonly string[]; onNavigate?: () => void }) {
  const entry = useMenuEntry(onNavigate);
  const { rest } = splitLocalePath(useLocation().pathname);
  const current = operatorPageForPath(rest);
  const selected = current?.hideInMenu
    ? operatorMenuPages(rights).find((p) => p.key === current.parent)
    : current;
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected.path] : []}
      style={{ borderInlineEnd: 0 }}
      items={operatorMenuPages(rights).map(entry)}
    />
  );
}

/** What the content area shows: the page, the 403 page for a page the rights do not open, or the wait. */
function OperatorContent() {
  const { t } = useTranslation();
  const { me } = useOperator();
  const { rest } = splitLocalePath(useLocation().pathname);
  if (me.isError) return <Result status="error" title={errorText(me.error, t)} />;
  if (!me.data)
    return (
      <div style={{ display: "grid", placeItems: "center", minHeight: 240 }}>
        <Spin aria-label={t("operator:loading")} />
      </div>
    );
  const page = operatorPageForPath(rest);
  if (page && !mayOpen(page, me.data.permissions)) return <ForbiddenPage />;
  return <Outlet />;
}

/** The operator console's frame: its own menu, header with tools and the user menu. */
export default function OperatorLayout() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  const signOut = useSignOut();
  // Seeds the query before the pages below read it: they render at once, here and in the browser.
  const { me } = useOperator(useLoaderData<typeof loader>()?.me);
  const rights = me.data?.permissions ?? [];

  return (
    <AppFrame
      home="/operator"
      caption={
        <Typography.Text type="secondary" style={{ display: "block", padding: "0 20px 8px", fontSize: 12 }}>
          {t("operator:console")}
        </Typography.Text>
      }
      menu={(onNavigate) => <OperatorMenu rights={rights} onNavigate={onNavigate} />}
      headerStart={<Typography.Text strong>{t("operator:console")}</Typography.Text>}
      headerEnd={(wide) => (
        <>
          <HeaderTools />
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [
                {
                  key: "dashboard",
                  icon: <ArrowLeftOutlined />,
                  label: <Link to={to("/dashboard")}>{t("operator:backToDashboard")}</Link>,
                },
                { type: "divider" },
                {
                  key: "logout",
                  icon: <LogoutOutlined />,
                  label: t("common:signOut"),
                  onClick: () => signOut.mutate(),
                },
              ],
            }}
          >
            <Button type="text" data-testid="operator-user-menu" aria-label={wide ? undefined : user?.email}>
              {wide ? (me.data?.email ?? user?.email) : <UserOutlined />}
            </Button>
          </Dropdown>
        </>
      )}
    >
      <OperatorContent />
    </AppFrame>
  );
}

/** Not an operator (403): the product's 403 page in a bare frame; anything else, the error it was. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403)
    return (
      <Layout style={{ minHeight: "100vh" }}>
        <BrandHeader home="/dashboard" />
        <Layout.Content id="main" style={{ padding: 24 }}>
          <ForbiddenPage />
        </Layout.Content>
      </Layout>
    );
  throw error;
}
