import { amountText } from "@nc/contracts/account";
import { microsToDecimal } from "@nc/contracts/money";
import { App, Button, Card, Form, Input, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useAccountOverview } from "../api/account-overview";
import { useSaveAccountSettings } from "../api/account-settings";

/** The low-balance threshold (tenant:update): a notice to every member once per crossing. */
export function LowBalanceCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ threshold: string }>();
  const overview = useAccountOverview(tenantId);
  const save = useSaveAccountSettings(tenantId);
  const current = overview.data?.lowBalanceThresholdMicros;

  const submit = async (threshold: string | null) => {
    try {
      await save.mutateAsync({ lowBalanceThreshold: threshold });
      void message.success(t(threshold === null ? "account:threshold.cleared" : "account:threshold.saved"));
      if (threshold === null) form.setFieldsValue({ threshold: "" });
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Card title={t("account:threshold.title")} data-testid="low-balance-card">
      <Typography.Paragraph type="secondary">{t("account:threshold.help")}</Typography.Paragraph>
      {overview.isPending ? (
        <Skeleton.Input active />
      ) : (
        <Form
          form={form}
          layout="inline"
          initialValues={{ threshold: current ? microsToDecimal(current) : "" }}
          onFinish={(v) => submit(v.threshold.trim())}
        >
          <Form.Item
            name="threshold"
            label={t("account:threshold.label")}
            rules={[
              { required: true, message: t("validation:required") },
              {
                validator: (_r, value: string) =>
                  !value || amountText.safeParse(value.trim()).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("account:filters.invalidAmount"))),
              },
            ]}
          >
            <Input
              inputMode="decimal"
              placeholder="10.00"
              suffix={overview.data?.currency}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t("account:threshold.save")}
            </Button>
            {current && (
              <Button onClick={() => submit(null)} disabled={save.isPending}>
                {t("account:threshold.clear")}
              </Button>
            )}
          </Space>
        </Form>
      )}
    </Card>
  );
}
