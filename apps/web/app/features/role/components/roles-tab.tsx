import { PlusOutlined } from "@ant-design/icons";
import type { RoleDetail } from "@nc/contracts/tenancy";
import { App, Button, Card, Popconfirm, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Can } from "../../../shell/access/can";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useDeleteRole, useRoles } from "../api/roles";
import { roleName } from "../role-name";

/** The organisation's roles: built-in ones to look at, custom ones to edit and delete. */
export function RolesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { to } = useLocale();
  const { tenant, canGrant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const roles = useRoles(tenantId);
  const remove = useDeleteRole(tenantId);
  const date = useTenantDate();

  const onDelete = async (role: RoleDetail) => {
    try {
      await remove.mutateAsync(role.id);
      void message.success(t("tenant:roles.deleted", { name: role.name }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Card
      title={t("tenant:roles.title")}
      extra={
        <Can permissions={["role:create"]}>
          <Link to={to("/dashboard/tenant/role/add")}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="add-role">
              {t("tenant:roles.add")}
            </Button>
          </Link>
        </Can>
      }
    >
      <ResponsiveTable<RoleDetail>
        rowKey="id"
        loading={roles.isPending}
        dataSource={roles.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: roles.isError ? errorText(roles.error, t) : undefined }}
        columns={[
          { title: t("tenant:roles.name"), key: "name", render: (_, role) => roleName(role, t) },
          {
            title: t("tenant:roles.kind"),
            key: "kind",
            render: (_, role) =>
              role.builtIn ? (
                <Tag>{t("tenant:roles.builtIn")}</Tag>
              ) : (
                <Tag color="green">{t("tenant:roles.custom")}</Tag>
              ),
          },
          {
            title: t("tenant:roles.permissions"),
            key: "permissions",
            render: (_, role) => (role.super ? t("tenant:roles.all") : role.permissions.length),
          },
          { title: t("tenant:roles.members"), dataIndex: "memberCount" },
          { title: t("tenant:roles.created"), key: "created", render: (_, role) => date(role.createdAt) },
          {
            title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
            key: "actions",
            render: (_, role) =>
              role.builtIn ? null : (
                <Space>
                  {/* Not one's own role, nor one holding more than oneself: the server refuses both. */}
                  {role.id !== tenant?.role.id && canGrant(role) && (
                    <Can permissions={["role:update"]}>
                      <Link to={to(`/dashboard/tenant/role/${role.id}`)}>{t("tenant:roles.edit")}</Link>
                    </Can>
                  )}
                  <Can permissions={["role:delete"]}>
                    <Popconfirm
                      title={t("tenant:roles.deleteConfirm", { name: role.name })}
                      onConfirm={() => onDelete(role)}
                    >
                      <Button type="link" danger size="small">
                        {t("tenant:roles.delete")}
                      </Button>
                    </Popconfirm>
                  </Can>
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
