import type { OperatorUserView } from "@nc/contracts/operator";
import { Alert, App, Button, Card, Descriptions, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useEndUserSessions } from "../../features/operator/api/end-user-sessions";
import { useUser } from "../../features/operator/api/users";
import { PageHeading } from "../../features/operator/components/page-heading";
import { PermissionTags } from "../../features/operator/components/permission-tags";
import { OPERATOR_SCOPE_LABEL_KEYS } from "../../features/operator/permission-labels";
import { roleLabel } from "../../features/operator/role-label";
import { useOperator, useOperatorDate } from "../../features/operator/use-operator";
import { ResponsiveTable } from "../../shell/components/stacked-columns";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorPeople:user.title");

/** /operator/users/:id: one account, where it belongs, its sessions and rights; sign it out everywhere. */
export default function OperatorUserPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const date = useOperatorDate();
  const { has } = useOperator();
  const id = useParams().id ?? "";
  const user = useUser(id);
  const u = user.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Link to={to("/operator/users")}>← {t("operatorPeople:user.back")}</Link>
      <PageHeading title={u?.email ?? t("operatorPeople:user.title")} />
      {user.isError ? (
        <Alert type="error" showIcon title={errorText(user.error, t)} />
      ) : !u ? (
        <Skeleton active />
      ) : (
        <>
          <Card title={t("operatorPeople:user.details")}>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              data-testid="user-details"
              items={[
                { key: "name", label: t("operatorPeople:users.name"), children: u.name },
                {
                  key: "email",
                  label: t("operatorPeople:users.email"),
                  children: <span style={{ overflowWrap: "anywhere" }}>{u.email}</span>,
                },
                { key: "partner", label: t("operatorPeople:users.partner"), children: u.partnerName },
                { key: "created", label: t("operatorPeople:user.created"), children: date(u.createdAt) },
                {
                  key: "sessions",
                  label: t("operatorPeople:users.sessions"),
                  children: <span data-testid="user-sessions">{u.sessions}</span>,
                },
                {
                  key: "seen",
                  label: t("operatorPeople:users.lastSeen"),
                  children: u.lastSeenAt ? date(u.lastSeenAt) : t("operatorPeople:users.never"),
                },
                {
                  key: "id",
                  label: t("operatorPeople:user.id"),
                  children: <code style={{ overflowWrap: "anywhere" }}>{u.id}</code>,
                },
              ]}
            />
            {has("operator.user:update") && <EndSessionsButton user={u} />}
          </Card>
          <Card title={t("operatorPeople:users.organisations")}>
            <ResponsiveTable
              size="middle"
              rowKey="id"
              pagination={false}
              dataSource={u.organisations}
              data-testid="user-organisations"
              locale={{ emptyText: t("operatorPeople:user.noOrganisations") }}
              columns={[
                {
                  key: "name",
                  title: t("operatorPeople:user.organisation"),
                  render: (_, o) =>
                    has("operator.customer:read") ? (
                      <Link to={to(`/operator/customers/${o.id}`)}>{o.name}</Link>
                    ) : (
                      o.name
                    ),
                },
                { key: "role", title: t("operatorPeople:user.role"), render: (_, o) => roleLabel(o.role, t) },
              ]}
            />
          </Card>
          <Card title={t("operatorPeople:user.operatorRights")}>
            {u.operator ? (
              <Space orientation="vertical" size={8} style={{ width: "100%" }}>
                <span>
                  {t("operatorPeople:user.scope")}:{" "}
                  <strong>{t(OPERATOR_SCOPE_LABEL_KEYS[u.operator.scope])}</strong>
                </span>
                <PermissionTags rights={u.operator.permissions} />
              </Space>
            ) : (
              <Typography.Text type="secondary" data-testid="user-not-operator">
                {t("operatorPeople:user.notOperator")}
              </Typography.Text>
            )}
          </Card>
        </>
      )}
    </Space>
  );
}

/** Ends every session of the account after a question; says how many were ended. */
function EndSessionsButton({ user }: { user: OperatorUserView }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const end = useEndUserSessions();
  const ask = () =>
    modal.confirm({
      title: t("operatorPeople:user.endTitle"),
      content: t("operatorPeople:user.endText", { email: user.email }),
      okText: t("operatorPeople:user.endConfirm"),
      okButtonProps: { danger: true },
      cancelText: t("operatorPeople:cancel"),
      onOk: async () => {
        try {
          const { ended } = await end.mutateAsync(user.id);
          void message.success(t("operatorPeople:user.ended", { count: ended }));
        } catch (error) {
          showApiError(error, t, message);
        }
      },
    });
  return (
    <Button danger onClick={ask} style={{ marginTop: 16 }} loading={end.isPending} data-testid="end-sessions">
      {t("operatorPeople:user.endSessions")}
    </Button>
  );
}
