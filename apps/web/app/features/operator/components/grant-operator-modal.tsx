import {
  grantOperatorBody,
  OPERATOR_SCOPES,
  type OperatorMe,
  type OperatorPermission,
  type OperatorScope,
  type OperatorView,
} from "@nc/contracts/operator";
import { App, Checkbox, Form, Input, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { useGrantOperator } from "../api/grant-operator";
import {
  OPERATOR_PERMISSION_LABEL_KEYS,
  OPERATOR_RESOURCE_LABEL_KEYS,
  OPERATOR_SCOPE_LABEL_KEYS,
} from "../permission-labels";
import { PartnerSelect } from "./partner-select";
import { CATALOG_GROUPS } from "./permission-tags";

interface Values {
  email: string;
  partnerId: string;
  scope: OperatorScope;
  permissions: OperatorPermission[];
}

/**
 * Grant the console to a user, or change an operator's rights: the catalogue grouped by resource.
 * Rights the granter does not hold are shown but cannot be ticked (the server refuses them too).
 */
export function GrantOperatorModal(props: {
  me: OperatorMe;
  editing: OperatorView | null;
  onClose: () => void;
}) {
  const { me, editing, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const grant = useGrantOperator();
  const platform = me.scope === "platform";

  async function submit(values: Values) {
    try {
      await grant.mutateAsync(values);
      void message.success(t("operator:operators.saved"));
      onClose();
    } catch (error) {
      showApiError(error, t, message, form);
    }
  }

  return (
    <Modal
      open
      width={640}
      title={
        editing
          ? t("operator:operators.editTitle", { email: editing.email })
          : t("operator:operators.grantTitle")
      }
      okText={t("operator:operators.save")}
      okButtonProps={{ loading: grant.isPending, "data-testid": "grant-submit" }}
      cancelText={t("operator:cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          email: editing?.email ?? "",
          partnerId: editing?.partnerId ?? me.partnerId,
          scope: editing?.scope ?? "partner",
          permissions: editing?.permissions ?? [],
        }}
      >
        <Form.Item
          name="email"
          label={t("operator:operators.email")}
          extra={t("operator:operators.emailHelp")}
          rules={[zodRule(grantOperatorBody.shape.email, t)]}
        >
          <Input type="email" autoComplete="off" disabled={!!editing} data-testid="grant-email" />
        </Form.Item>
        {/* A partner operator works on their own site only: both fields are fixed for them. */}
        <Form.Item
          name="partnerId"
          label={t("operator:operators.partner")}
          extra={platform ? t("operator:operators.partnerHelp") : undefined}
          rules={[zodRule(grantOperatorBody.shape.partnerId, t)]}
        >
          <PartnerSelect
            label={t("operator:operators.partner")}
            listed={platform && !editing && me.permissions.includes("operator.partner:read")}
            known={[
              { id: me.partnerId, name: me.partnerName },
              ...(editing ? [{ id: editing.partnerId, name: editing.partnerName }] : []),
            ]}
            disabled={!platform || !!editing}
            data-testid="grant-partner"
          />
        </Form.Item>
        <Form.Item name="scope" label={t("operator:operators.scope")}>
          <Select
            disabled={!platform}
            options={OPERATOR_SCOPES.map((s) => ({ value: s, label: t(OPERATOR_SCOPE_LABEL_KEYS[s]) }))}
          />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t("operator:operators.permissions")}
          extra={t("operator:operators.notHeld")}
          rules={[zodRule(grantOperatorBody.shape.permissions, t)]}
        >
          <Checkbox.Group style={{ display: "block" }}>
            {CATALOG_GROUPS.map((group) => (
              <fieldset key={group.resource} style={{ border: 0, padding: 0, margin: "0 0 8px" }}>
                <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 4 }}>
                  {t(OPERATOR_RESOURCE_LABEL_KEYS[group.resource])}
                </legend>
                <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px" }}>
                  {group.rights.map((right) => (
                    <Checkbox
                      key={right}
                      value={right}
                      disabled={!me.permissions.includes(right)}
                      data-testid={`right-${right}`}
                    >
                      {t(OPERATOR_PERMISSION_LABEL_KEYS[right])}
                    </Checkbox>
                  ))}
                </div>
              </fieldset>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
