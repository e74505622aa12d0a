import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignOut } from "../../features/session/api/sign-out";
import { useSessionUser } from "../../features/session/use-session-user";
import { CreateTenantButton } from "../../features/tenant/components/create-tenant-button";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("dashboard:noTenant.title");

/** Where a user who belongs to no organisation lands. */
export default function NoTenantPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  const signOut = useSignOut();
  return (
    <Result
      status="info"
      title={<h1 style={{ margin: 0, fontSize: 24 }}>{t("dashboard:noTenant.title")}</h1>}
      subTitle={t("dashboard:noTenant.text", { email: user?.email ?? "" })}
      extra={[
        <CreateTenantButton key="create" />,
        <Link key="profile" to={to("/dashboard/profile")}>
          <Button>{t("profile:title")}</Button>
        </Link>,
        <Button key="out" onClick={() => signOut.mutate()}>
          {t("common:signOut")}
        </Button>,
      ]}
    />
  );
}
