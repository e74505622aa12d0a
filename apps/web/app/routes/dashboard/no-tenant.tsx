import { MailOutlined } from "@ant-design/icons";
import { Button, Card, Divider, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CreateTenantInline } from "../../features/tenant/components/create-tenant-button";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";
import { useSignOut } from "../../shell/session/sign-out";
import { useSessionUser } from "../../shell/session/use-session-user";

export const meta = pageMeta("dashboard:noTenant.title");

/**
 * Where a person who belongs to no organisation lands, first of all right after sign-up: creating
 * their organisation is the way on, on the page itself; joining one by invitation stays in view.
 */
export default function NoTenantPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  const signOut = useSignOut();
  return (
    <Card style={{ width: "100%", maxWidth: 520 }} data-testid="no-tenant">
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t("dashboard:noTenant.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("dashboard:noTenant.text")}</Typography.Paragraph>
      <CreateTenantInline />
      <Divider />
      <section aria-labelledby="no-tenant-invited" data-testid="no-tenant-invited">
        <Typography.Title level={2} style={{ fontSize: 16 }} id="no-tenant-invited">
          <MailOutlined aria-hidden /> {t("dashboard:noTenant.invitedTitle")}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t("dashboard:noTenant.invitedText", { email: user?.email ?? "" })}
        </Typography.Paragraph>
      </section>
      <Space wrap>
        <Link to={to("/dashboard/profile")}>{t("profile:title")}</Link>
        <Button type="link" onClick={() => signOut.mutate()} style={{ paddingInline: 0 }}>
          {t("common:signOut")}
        </Button>
      </Space>
    </Card>
  );
}
