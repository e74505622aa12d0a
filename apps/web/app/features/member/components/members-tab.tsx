import { UserAddOutlined } from "@ant-design/icons";
import type { Member } from "@nc/contracts/members";
import { App, Button, Card, Popconfirm, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Can } from "../../../shell/access/can";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSessionUser } from "../../../shell/session/use-session-user";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { roleName } from "../../role";
import { useChangeMemberRole } from "../api/change-member-role";
import { useMemberRoles } from "../api/member-roles";
import { useMembers } from "../api/members";
import { useRemoveMember } from "../api/remove-member";
import { MemberRoleSelect } from "./member-role-select";
import { PendingInvitations } from "./pending-invitations";

/**
 * Whether the signed-in user may act on this member, as the server rules it (docs/security.md,
 * roles and rights): nobody changes their own role (leaving is on the Settings tab), owners are
 * an owner's to change or remove, and a member whose role holds rights the user lacks is not
 * theirs to move.
 */
export function useMemberGuards() {
  const { tenant, can, canGrant } = useTenantAccess();
  const user = useSessionUser();
  const roles = useMemberRoles(tenant?.tenant.id ?? "", can(["tenant_user:update"]));
  const protectedFor = (m: Member) => m.role.super && !tenant?.super;
  /** Why the member's role cannot be changed here (a message key), "pending" while roles load. */
  const roleLock = (m: Member) => {
    if (m.userId === user?.id) return "errors:ownRoleLocked";
    if (protectedFor(m)) return "errors:ownerOnly";
    if (!roles.data) return "pending";
    const current = roles.data.find((r) => r.id === m.role.id);
    return current && canGrant(current) ? null : "members:detail.roleAboveYours";
  };
  return {
    isSelf: (m: Member) => m.userId === user?.id,
    roleLock,
    canChangeRole: (m: Member) => can(["tenant_user:update"]) && roleLock(m) === null,
    canRemove: (m: Member) => can(["tenant_user:delete"]) && !protectedFor(m) && m.userId !== user?.id,
  };
}

/** Tab Members: who belongs to the organisation, their roles, and the invitations on their way. */
export function MembersTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { to } = useLocale();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const members = useMembers(tenantId);
  const changeRole = useChangeMemberRole(tenantId);
  const remove = useRemoveMember(tenantId);
  const date = useTenantDate();
  const guards = useMemberGuards();

  const onRole = async (member: Member, roleId: string) => {
    try {
      const changed = await changeRole.mutateAsync({ userId: member.userId, roleId });
      void message.success(
        t("members:list.roleChanged", { name: member.name, role: roleName(changed.role, t) }),
      );
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const onRemove = async (member: Member) => {
    try {
      await remove.mutateAsync(member.userId);
      void message.success(t("members:list.removed", { name: member.name }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Card
        title={t("members:list.title")}
        extra={
          <Can permissions={["tenant_user:create"]}>
            <Link to={to("/dashboard/tenant/member/add")}>
              <Button type="primary" icon={<UserAddOutlined />} data-testid="invite-member">
                {t("members:list.invite")}
              </Button>
            </Link>
          </Can>
        }
      >
        <ResponsiveTable<Member>
          rowKey="userId"
          loading={members.isPending}
          dataSource={members.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          data-testid="members-table"
          locale={{ emptyText: members.isError ? errorText(members.error, t) : t("members:list.empty") }}
          columns={[
            {
              title: t("members:list.name"),
              key: "name",
              render: (_, member) => (
                <Space size={6}>
                  {can(["tenant_user:update"]) ? (
                    <Link to={to(`/dashboard/tenant/member/${member.userId}`)}>{member.name}</Link>
                  ) : (
                    member.name
                  )}
                  {guards.isSelf(member) && <Tag>{t("members:list.you")}</Tag>}
                </Space>
              ),
            },
            { title: t("members:list.email"), dataIndex: "email" },
            {
              title: t("members:list.role"),
              key: "role",
              render: (_, member) =>
                guards.canChangeRole(member) ? (
                  <MemberRoleSelect
                    value={member.role.id}
                    current={member.role}
                    onChange={(roleId) => void onRole(member, roleId)}
                    loading={changeRole.isPending && changeRole.variables?.userId === member.userId}
                    data-testid={`member-role-${member.email}`}
                    aria-label={t("members:list.roleOf", { name: member.name || member.email })}
                  />
                ) : (
                  <Tag color={member.role.super ? "gold" : undefined}>{roleName(member.role, t)}</Tag>
                ),
            },
            { title: t("members:list.joined"), key: "joined", render: (_, member) => date(member.joinedAt) },
            {
              title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
              key: "actions",
              render: (_, member) =>
                guards.canRemove(member) ? (
                  <Popconfirm
                    title={t("members:list.removeConfirm", { name: member.name })}
                    description={t("members:list.removeHint")}
                    okText={t("members:list.remove")}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onRemove(member)}
                  >
                    <Button type="link" danger size="small" data-testid={`remove-member-${member.email}`}>
                      {t("members:list.remove")}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>
      <PendingInvitations />
    </Space>
  );
}
