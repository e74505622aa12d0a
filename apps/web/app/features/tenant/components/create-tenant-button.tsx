import { PlusOutlined } from "@ant-design/icons";
import { nameSchema } from "@nc/contracts/auth";
import { MAX_TENANTS_PER_USER } from "@nc/contracts/tenancy";
import { App, Button, Form, Input, Modal, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import type { RootData } from "../../../shell/root-data";
import { useCreateTenant } from "../api/tenants";
import { useSwitchTenant } from "../use-switch-tenant";
import { TimezoneSelect } from "./timezone-select";

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** "Create organisation": disabled, with the reason, once the user belongs to the maximum. */
export function CreateTenantButton({ type = "primary" }: { type?: "primary" | "default" }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const count = (useRouteLoaderData("root") as RootData | undefined)?.tenantCount ?? 0;
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; timezoneCode: string }>();
  const create = useCreateTenant();
  const switchTenant = useSwitchTenant();
  const full = count >= MAX_TENANTS_PER_USER;

  const submit = async (values: { name: string; timezoneCode: string }) => {
    try {
      const { id } = await create.mutateAsync(values);
      setOpen(false);
      await switchTenant(id);
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  const button = (
    <Button
      type={type}
      icon={<PlusOutlined />}
      disabled={full}
      onClick={() => setOpen(true)}
      data-testid="create-tenant"
    >
      {t("tenant:create.button")}
    </Button>
  );
  return (
    <>
      {full ? (
        <Tooltip title={t("tenant:create.limit", { max: MAX_TENANTS_PER_USER })}>{button}</Tooltip>
      ) : (
        button
      )}
      {full && (
        <div style={{ fontSize: 12, opacity: 0.75, marginTop: 4 }}>
          {t("tenant:create.limit", { max: MAX_TENANTS_PER_USER })}
        </div>
      )}
      <Modal
        open={open}
        title={t("tenant:create.title")}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t("tenant:create.submit")}
        confirmLoading={create.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ timezoneCode: browserTimezone() }}
        >
          <Form.Item name="name" label={t("tenant:fields.name")} rules={[zodRule(nameSchema, t)]}>
            <Input autoFocus />
          </Form.Item>
          <Form.Item
            name="timezoneCode"
            label={t("tenant:fields.timezone")}
            extra={t("tenant:fields.timezoneHelp")}
          >
            <TimezoneSelect />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
