import { PlusOutlined } from "@ant-design/icons";
import { MAX_TENANTS_PER_USER } from "@nc/contracts/tenant-selection";
import { App, Button, Form, type FormInstance, Modal, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import type { RootData } from "../../../shell/root-data";
import { useSwitchTenant } from "../../../shell/tenant/use-switch-tenant";
import { useCreateTenant } from "../api/tenants";
import { TenantFields } from "./tenant-fields";

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

type CreateTenantValues = { name: string; timezoneCode: string };

/** Creating an organisation and opening it; errors land on the form's fields or in a message. */
function useCreateTenantForm(onCreated?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateTenantValues>();
  const create = useCreateTenant();
  const switchTenant = useSwitchTenant();
  const submit = async (values: CreateTenantValues) => {
    try {
      const { id } = await create.mutateAsync(values);
      onCreated?.();
      await switchTenant(id);
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };
  return { form, submit, pending: create.isPending };
}

/** The organisation's name and time zone (the browser's, to start with). */
function CreateTenantFields({
  form,
  onFinish,
  children,
}: {
  form: FormInstance<CreateTenantValues>;
  onFinish: (values: CreateTenantValues) => void;
  children?: ReactNode;
}) {
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{ timezoneCode: browserTimezone() }}
    >
      <TenantFields creating />
      {children}
    </Form>
  );
}

/**
 * The form on the page of a person without an organisation: creating one is the main way in
 * (an invitation is the other, by e-mail).
 */
export function CreateTenantInline() {
  const { t } = useTranslation();
  const { form, submit, pending } = useCreateTenantForm();
  return (
    <CreateTenantFields form={form} onFinish={submit}>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={pending}
        data-testid="create-tenant-submit"
      >
        {t("tenant:create.submit")}
      </Button>
    </CreateTenantFields>
  );
}

/** "Create organisation": disabled, with the reason, once the user belongs to the maximum. */
export function CreateTenantButton({ type = "primary" }: { type?: "primary" | "default" }) {
  const { t } = useTranslation();
  const count = (useRouteLoaderData("root") as RootData | undefined)?.tenantCount ?? 0;
  const [open, setOpen] = useState(false);
  const { form, submit, pending } = useCreateTenantForm(() => setOpen(false));
  const full = count >= MAX_TENANTS_PER_USER;

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
        confirmLoading={pending}
        destroyOnHidden
      >
        <CreateTenantFields form={form} onFinish={submit} />
      </Modal>
    </>
  );
}
