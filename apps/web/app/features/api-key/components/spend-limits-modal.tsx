import type { ApiKeyView } from "@nc/contracts/api-keys";
import { microsToDecimal } from "@nc/contracts/money";
import { App, Form, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useSetApiKeyLimits } from "../api/set-api-key-limits";
import { KeySpend } from "./key-spend";
import { limitsBody, SpendLimitFields, type SpendLimitValues } from "./spend-limit-fields";

/** A key's spend limits, changed by those who may make keys; what it spent is shown above them. */
export function SpendLimitsModal(props: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const [form] = Form.useForm<SpendLimitValues>();
  const save = useSetApiKeyLimits(tenant?.tenant.id ?? "");
  const key = props.apiKey;
  const decimal = (micros: string | null | undefined) => (micros ? microsToDecimal(micros) : undefined);

  const submit = async (values: SpendLimitValues) => {
    if (!key) return;
    try {
      const limits = limitsBody(values, null);
      await save.mutateAsync({
        id: key.id,
        dailyLimit: limits.dailyLimit ?? null,
        monthlyLimit: limits.monthlyLimit ?? null,
      });
      void message.success(t("apiKeys:limits.saved", { name: key.name }));
      props.onClose();
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  return (
    <Modal
      open={key !== null}
      title={t("apiKeys:limits.title", { name: key?.name ?? "" })}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t("apiKeys:limits.submit")}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {key && (
        <Form<SpendLimitValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            dailyLimit: decimal(key.spend.dailyLimitMicros),
            monthlyLimit: decimal(key.spend.monthlyLimitMicros),
          }}
          data-testid="api-key-limits-form"
        >
          <Typography.Paragraph type="secondary">{t("apiKeys:limits.intro")}</Typography.Paragraph>
          <div style={{ marginBottom: 16 }}>
            <KeySpend apiKey={key} />
          </div>
          <SpendLimitFields currency={key.spend.currency} />
        </Form>
      )}
    </Modal>
  );
}
