import { ERRORS } from "@nc/contracts/errors";
import {
  eventPermissionNotHeld,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpointCreatedView,
  type WebhookEndpointView,
  type WebhookEventType,
} from "@nc/contracts/webhooks";
import { App, Checkbox, Flex, Form, Input, Modal, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { CheckboxGroupField } from "../../../shell/forms/checkbox-group-field";
import { ApiError } from "../../../shell/http/api-error";
import { grantsNotHeld, permissionLabel } from "../../../shell/tenant/permission-label";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useCreateWebhook } from "../api/create-webhook";
import { useUpdateWebhook } from "../api/update-webhook";
import { useWebhookLabels } from "../use-webhook-labels";
import { webhookUrlRule } from "../webhook-url";

interface WebhookFormValues {
  url: string;
  events: WebhookEventType[];
  description?: string;
  enabled: boolean;
}

const NEW: WebhookFormValues = {
  url: "",
  events: ["job.completed", "job.failed"],
  description: "",
  enabled: true,
};

const sameEvents = (a: readonly WebhookEventType[], b: readonly WebhookEventType[]) =>
  a.length === b.length && a.every((type) => b.includes(type));

/**
 * Add an endpoint (its secret then goes to onCreated) or edit one (`endpoint`): URL, events,
 * description, and for an existing one whether it gets events at all.
 */
export function WebhookFormModal(props: {
  open: boolean;
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointCreatedView) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const create = useCreateWebhook(tenantId);
  const update = useUpdateWebhook(tenantId);
  const labels = useWebhookLabels();
  const [form] = Form.useForm<WebhookFormValues>();
  const editing = props.endpoint;
  // Events whose data the member may not read: the server refuses them (docs/security.md, "Roles
  // and rights inside an organisation"). Offered disabled with the reason, except one the endpoint
  // already has, which stays so that it can be taken off.
  const notHeld = grantsNotHeld(tenant, WEBHOOK_EVENT_TYPES, eventPermissionNotHeld);

  const submit = async (values: WebhookFormValues) => {
    const body = {
      url: values.url.trim(),
      events: WEBHOOK_EVENT_TYPES.filter((type) => values.events.includes(type)),
      description: values.description?.trim() ?? "",
    };
    try {
      if (editing) {
        // The address and events only when changed: the server checks them against the editor's
        // rights, which someone renaming or pausing another member's endpoint need not hold.
        await update.mutateAsync({
          id: editing.id,
          description: body.description,
          enabled: values.enabled,
          ...(body.url === editing.url ? {} : { url: body.url }),
          ...(sameEvents(body.events, editing.events) ? {} : { events: body.events }),
        });
        void message.success(t("webhooks:form.saved"));
        props.onClose();
      } else {
        props.onCreated(await create.mutateAsync(body));
      }
    } catch (error) {
      // A refused target belongs to the URL field, like any other problem with it.
      if (error instanceof ApiError && error.code === ERRORS.webhookTargetForbidden.code)
        form.setFields([{ name: "url", errors: [error.message] }]);
      else showApiError(error, t, message, form);
    }
  };

  return (
    <Modal
      open={props.open}
      title={editing ? t("webhooks:form.editTitle") : t("webhooks:form.createTitle")}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={editing ? t("webhooks:form.save") : t("webhooks:form.create")}
      okButtonProps={{ id: "webhook-form-submit" }}
      confirmLoading={create.isPending || update.isPending}
      maskClosable={false}
      // Mounted afresh at every opening, so the form starts from the endpoint (or a new one).
      destroyOnHidden
      width={560}
    >
      <Form<WebhookFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          editing
            ? {
                url: editing.url,
                events: editing.events,
                description: editing.description,
                enabled: editing.enabled,
              }
            : { ...NEW, events: NEW.events.filter((type) => !notHeld.has(type)) }
        }
        data-testid="webhook-form"
      >
        <Form.Item
          name="url"
          label={t("webhooks:form.url")}
          extra={t("webhooks:form.urlHelp")}
          required
          rules={[webhookUrlRule(t)]}
        >
          <Input
            autoFocus
            inputMode="url"
            maxLength={WEBHOOK_URL_MAX}
            spellCheck={false}
            placeholder={t("webhooks:form.urlPlaceholder")}
            style={{ fontFamily: token.fontFamilyCode }}
            data-testid="webhook-url"
          />
        </Form.Item>
        <Form.Item
          name="events"
          label={t("webhooks:form.events")}
          required
          rules={[{ type: "array", min: 1, message: t("webhooks:form.eventsRequired") }]}
        >
          <CheckboxGroupField label={t("webhooks:form.events")} data-testid="webhook-events">
            <Flex vertical gap={8}>
              {WEBHOOK_EVENT_TYPES.map((type) => {
                const missing = notHeld.get(type);
                return (
                  <Checkbox
                    key={type}
                    value={type}
                    disabled={missing !== undefined && !editing?.events.includes(type)}
                    data-testid={`webhook-event-${type}`}
                  >
                    <Flex vertical>
                      <span>
                        {labels.event(type)}{" "}
                        <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                          {type}
                        </Typography.Text>
                      </span>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {missing
                          ? t("webhooks:form.eventNotHeld", { permission: permissionLabel(t, missing) })
                          : labels.eventHelp(type)}
                      </Typography.Text>
                    </Flex>
                  </Checkbox>
                );
              })}
            </Flex>
          </CheckboxGroupField>
        </Form.Item>
        <Form.Item
          name="description"
          label={t("webhooks:form.description")}
          extra={t("webhooks:form.descriptionHelp")}
        >
          <Input
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            placeholder={t("webhooks:form.descriptionPlaceholder")}
            data-testid="webhook-description"
          />
        </Form.Item>
        {editing && (
          <Form.Item name="enabled" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="webhook-enabled">{t("webhooks:form.enabled")}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
