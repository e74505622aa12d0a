import { inviteBody } from "@nc/contracts/members";
import { App, Button, Card, Form, Input, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useInviteMember } from "../../features/member/api/invite-member";
import { MemberRoleSelect } from "../../features/member/components/member-role-select";
import { showApiError } from "../../shell/forms/api-error-feedback";
import { zodRule } from "../../shell/forms/zod-rule";
import { useLocale } from "../../shell/i18n/use-locale";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

interface InviteForm {
  email: string;
  roleId: string;
}

/** member/add: invite someone by e-mail with a role; the link in the e-mail works for 7 days. */
export default function MemberAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const navigate = useNavigate();
  const { to } = useLocale();
  const [form] = Form.useForm<InviteForm>();
  const invite = useInviteMember(tenant?.tenant.id ?? "");

  const submit = async (values: InviteForm) => {
    try {
      const sent = await invite.mutateAsync({
        email: values.email.trim().toLowerCase(),
        roleId: values.roleId,
      });
      void message.success(t("members:add.sent", { email: sent.email }));
      navigate(to("/dashboard/tenant?tab=members"));
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  return (
    <Card style={{ maxWidth: 560 }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t("members:add.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t("members:add.subtitle", { tenant: tenant?.tenant.name ?? "" })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="email" label={t("members:add.email")} rules={[zodRule(inviteBody.shape.email, t)]}>
          <Input type="email" autoComplete="off" autoFocus data-testid="invite-email" />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t("members:add.role")}
          rules={[{ required: true, message: t("validation:required") }]}
          extra={tenant?.super ? undefined : t("members:add.ownerOnly")}
        >
          <MemberRoleSelect placeholder={t("members:add.rolePlaceholder")} data-testid="invite-role" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="send-invite">
            {t("members:add.submit")}
          </Button>
          <Link to={to("/dashboard/tenant?tab=members")}>
            <Button>{t("members:add.cancel")}</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
