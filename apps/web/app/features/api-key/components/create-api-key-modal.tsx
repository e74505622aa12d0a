import {
  API_KEY_IPS_MAX,
  API_KEY_MODES,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type ApiKeyCreatedView,
  type ApiKeyMode,
  type ApiKeyScope,
  apiKeyCreateBody,
  scopePermissionNotHeld,
} from "@nc/contracts/api-keys";
import { App, Checkbox, Flex, Form, Input, Modal, Radio, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { CheckboxGroupField } from "../../../shell/forms/checkbox-group-field";
import { zodRule } from "../../../shell/forms/zod-rule";
import { grantsNotHeld, permissionLabel } from "../../../shell/tenant/permission-label";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useCreateApiKey } from "../api/create-api-key";
import { type ExpiryChoice, expiresAtFor } from "../expiry";
import { checkIpLines, ipLines } from "../ip-allow-list";
import { placeKeyFieldErrors } from "../key-field-errors";
import { scopeKey } from "../scope-key";
import { ExpiryField, type PickedDate, pickedDay } from "./expiry-field";
import { limitsBody, SpendLimitFields, type SpendLimitValues } from "./spend-limit-fields";

export interface CreateKeyValues extends SpendLimitValues {
  name: string;
  mode: ApiKeyMode;
  scopes: ApiKeyScope[];
  expiry: ExpiryChoice;
  expiryDate?: PickedDate;
  ipAllowList?: string;
}

/** Most integrations check numbers and run bulk jobs; usage is left to whoever needs it. */
const INITIAL_SCOPES: ApiKeyScope[] = ["check", "jobs:write", "jobs:read"];

/** An option with its one-line explanation under it. */
function Explained({ label, help }: { label: string; help: string }) {
  return (
    <Flex vertical>
      <span>{label}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {help}
      </Typography.Text>
    </Flex>
  );
}

/**
 * "Create key": name, mode, scopes, expiry, allowed addresses and spend limits; the new key goes
 * to onCreated.
 */
export function CreateApiKeyModal(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyCreatedView) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const { tenant } = useTenantAccess();
  const timeZone = tenant?.tenant.timezoneCode ?? "UTC";
  const [form] = Form.useForm<CreateKeyValues>();
  const create = useCreateApiKey(tenant?.tenant.id ?? "");
  // Scopes whose rights the member lacks: offered disabled, with the reason.
  const notHeld = grantsNotHeld(tenant, API_KEY_SCOPES, scopePermissionNotHeld);
  const initial: Partial<CreateKeyValues> = {
    mode: "live",
    scopes: INITIAL_SCOPES.filter((scope) => !notHeld.has(scope)),
    expiry: "never",
  };

  const submit = async (values: CreateKeyValues) => {
    const lines = ipLines(values.ipAllowList);
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        mode: values.mode,
        scopes: API_KEY_SCOPES.filter((s) => values.scopes.includes(s)),
        expiresAt: expiresAtFor(
          values.expiry,
          values.expiryDate ? pickedDay(values.expiryDate) : undefined,
          timeZone,
        ),
        ipAllowList: lines.length > 0 ? lines.map((l) => l.value) : undefined,
        ...limitsBody(values, undefined),
      });
      props.onCreated(created);
    } catch (error) {
      if (!placeKeyFieldErrors(error, form, t, lines)) showApiError(error, t, message, form);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t("apiKeys:create.title")}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t("apiKeys:create.submit")}
      confirmLoading={create.isPending}
      maskClosable={false}
      destroyOnHidden
      width={560}
    >
      <Form<CreateKeyValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={initial}
        data-testid="api-key-create-form"
      >
        <Form.Item
          name="name"
          label={t("apiKeys:create.name")}
          extra={t("apiKeys:create.nameHelp")}
          required
          rules={[zodRule(apiKeyCreateBody.shape.name, t)]}
        >
          <Input
            autoFocus
            maxLength={API_KEY_NAME_MAX}
            placeholder={t("apiKeys:create.namePlaceholder")}
            data-testid="api-key-name"
          />
        </Form.Item>
        <Form.Item name="mode" label={t("apiKeys:create.mode")} required>
          <Radio.Group data-testid="api-key-mode-choice">
            <Flex vertical gap={8}>
              {API_KEY_MODES.map((mode) => (
                <Radio key={mode} value={mode}>
                  <Explained label={t(`apiKeys:mode.${mode}.label`)} help={t(`apiKeys:mode.${mode}.help`)} />
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t("apiKeys:create.scopes")}
          required
          rules={[{ type: "array", min: 1, message: t("apiKeys:create.scopesRequired") }]}
        >
          <CheckboxGroupField label={t("apiKeys:create.scopes")} data-testid="api-key-scopes">
            <Flex vertical gap={8}>
              {API_KEY_SCOPES.map((scope) => {
                const missing = notHeld.get(scope);
                return (
                  <Checkbox key={scope} value={scope} disabled={missing !== undefined}>
                    <Explained
                      label={t(`apiKeys:scopes.${scopeKey(scope)}.label`)}
                      help={
                        missing
                          ? t("apiKeys:create.scopeNotHeld", { permission: permissionLabel(t, missing) })
                          : t(`apiKeys:scopes.${scopeKey(scope)}.help`)
                      }
                    />
                  </Checkbox>
                );
              })}
            </Flex>
          </CheckboxGroupField>
        </Form.Item>
        <ExpiryField />
        <Form.Item
          name="ipAllowList"
          label={t("apiKeys:create.ips")}
          extra={t("apiKeys:create.ipsHelp", { max: API_KEY_IPS_MAX })}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const issue = checkIpLines(value);
                if (issue === "tooMany")
                  throw new Error(t("apiKeys:create.ipsTooMany", { max: API_KEY_IPS_MAX }));
                if (issue)
                  throw new Error(
                    t("apiKeys:create.ipLine", {
                      line: issue.line,
                      message: t(`validation:${issue.reason}`, issue.params),
                    }),
                  );
              },
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            spellCheck={false}
            placeholder={"203.0.113.7\n2001:db8::/32"}
            style={{ fontFamily: token.fontFamilyCode }}
            data-testid="api-key-ips"
          />
        </Form.Item>
        <SpendLimitFields />
      </Form>
    </Modal>
  );
}
