import { roleBody } from "@nc/contracts/tenancy";
import { Alert, App, Button, Card, Form, Input, Skeleton, Space, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useRole, useSaveRole } from "../../features/role/api/roles";
import { PermissionPicker } from "../../features/role/components/permission-picker";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { zodRule } from "../../shell/forms/zod-rule";
import { useLocale } from "../../shell/i18n/use-locale";
import { requireRecord } from "../../shell/record-page.server";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import type { Route } from "./+types/role-edit";

/** role/add has no id to check; role/:id names a role that must exist. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if ("id" in params) await requireRecord(request, context, params.id, (id) => `/api/tenant/role/s/${id}`);
  return null;
}

interface RoleForm {
  name: string;
  permissions: string[];
}

/** Adds a custom role (role/add) or edits one (role/:id), ticking permissions by area. */
export default function RoleEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id } = useParams();
  const { tenant, canGrant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const navigate = useNavigate();
  const { to } = useLocale();
  const [form] = Form.useForm<RoleForm>();
  const existing = useRole(tenantId, id ?? "");
  const editing = Boolean(id);
  const save = useSaveRole(tenantId, id);

  useEffect(() => {
    if (existing.data)
      form.setFieldsValue({ name: existing.data.name, permissions: existing.data.permissions });
  }, [existing.data, form]);

  const submit = async (values: RoleForm) => {
    try {
      await save.mutateAsync({ name: values.name, permissions: values.permissions ?? [] });
      void message.success(t("tenant:roles.saved"));
      navigate(to("/dashboard/tenant?tab=roles"));
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  // What the server refuses is not offered (docs/security.md, roles and rights): one's own role,
  // and a role holding permissions one lacks.
  const role = existing.data;
  const locked = role?.builtIn
    ? "errors:builtInRole"
    : role && role.id === tenant?.role.id
      ? "errors:ownRoleLocked"
      : role && !canGrant(role)
        ? "tenant:roles.aboveYours"
        : null;

  if (editing && existing.isPending) return <Skeleton active />;
  if (editing && existing.isError)
    return <Alert type="error" showIcon message={errorText(existing.error, t)} />;
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {editing ? t("tenant:roles.editTitle") : t("tenant:roles.addTitle")}
      </Typography.Title>
      {locked && <Alert type="info" showIcon message={t(locked)} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ permissions: [] }}
        disabled={Boolean(locked)}
      >
        <Form.Item
          name="name"
          label={t("tenant:roles.name")}
          rules={[zodRule(roleBody.shape.name, t)]}
          style={{ maxWidth: 440 }}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="permissions" label={t("tenant:roles.permissions")}>
          <PermissionPicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-role">
            {t("tenant:roles.save")}
          </Button>
          <Link to={to("/dashboard/tenant?tab=roles")}>
            <Button>{t("tenant:roles.cancel")}</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
