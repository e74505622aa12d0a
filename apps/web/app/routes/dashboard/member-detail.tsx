import { ArrowLeftOutlined } from "@ant-design/icons";
import type { Member } from "@nc/contracts/members";
import { Alert, App, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useChangeMemberRole } from "../../features/member/api/change-member-role";
import { useMember } from "../../features/member/api/member";
import { useRemoveMember } from "../../features/member/api/remove-member";
import { MemberRoleSelect } from "../../features/member/components/member-role-select";
import { useMemberGuards } from "../../features/member/components/members-tab";
import { roleName } from "../../features/role/role-name";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { requireRecord } from "../../shell/record-page.server";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../shell/tenant/use-tenant-date";
import type { Route } from "./+types/member-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRecord(request, context, params.id, (id) => `/api/tenant/tenant_user/s/${id}`);
  return null;
}

/** member/{id}: one member, with role change and removal. */
export default function MemberDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = "" } = useParams();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const member = useMember(tenantId, id);
  const changeRole = useChangeMemberRole(tenantId);
  const remove = useRemoveMember(tenantId);
  const guards = useMemberGuards();
  const navigate = useNavigate();
  const { to } = useLocale();
  const date = useTenantDate();
  const [roleId, setRoleId] = useState<string>();
  const back = to("/dashboard/tenant?tab=members");

  useEffect(() => {
    if (member.data) setRoleId(member.data.role.id);
  }, [member.data]);

  const save = async (m: Member) => {
    if (!roleId) return;
    try {
      const changed = await changeRole.mutateAsync({ userId: m.userId, roleId });
      void message.success(t("members:list.roleChanged", { name: m.name, role: roleName(changed.role, t) }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const onRemove = async (m: Member) => {
    try {
      await remove.mutateAsync(m.userId);
      void message.success(t("members:list.removed", { name: m.name }));
      navigate(back);
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const backLink = (
    <Link to={back}>
      <ArrowLeftOutlined /> {t("members:detail.back")}
    </Link>
  );
  if (member.isPending) return <Skeleton active />;
  if (member.isError)
    return (
      <Space orientation="vertical">
        {backLink}
        <Alert type="error" showIcon title={errorText(member.error, t)} />
      </Space>
    );
  const m = member.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      {backLink}
      <Card style={{ maxWidth: 640 }}>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {m.name} {guards.isSelf(m) && <Tag>{t("members:list.you")}</Tag>}
        </Typography.Title>
        <Descriptions column={1} style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t("members:list.email")}>{m.email}</Descriptions.Item>
          <Descriptions.Item label={t("members:list.role")}>{roleName(m.role, t)}</Descriptions.Item>
          <Descriptions.Item label={t("members:list.joined")}>{date(m.joinedAt)}</Descriptions.Item>
        </Descriptions>
        {guards.canChangeRole(m) ? (
          <Space wrap>
            <MemberRoleSelect
              value={roleId}
              current={m.role}
              onChange={setRoleId}
              style={{ minWidth: 220 }}
              data-testid="member-role"
            />
            <Button
              type="primary"
              onClick={() => void save(m)}
              loading={changeRole.isPending}
              disabled={roleId === m.role.id}
              data-testid="save-member-role"
            >
              {t("members:detail.save")}
            </Button>
          </Space>
        ) : (
          can(["tenant_user:update"]) &&
          guards.roleLock(m) !== "pending" && (
            <Alert type="info" showIcon title={t(guards.roleLock(m) ?? "errors:forbidden")} />
          )
        )}
        {guards.canRemove(m) && (
          <div style={{ marginTop: 32 }}>
            <Popconfirm
              title={t("members:list.removeConfirm", { name: m.name })}
              description={t("members:list.removeHint")}
              okText={t("members:list.remove")}
              okButtonProps={{ danger: true }}
              onConfirm={() => onRemove(m)}
            >
              <Button danger loading={remove.isPending} data-testid="remove-member">
                {t("members:detail.remove")}
              </Button>
            </Popconfirm>
          </div>
        )}
      </Card>
    </Space>
  );
}
