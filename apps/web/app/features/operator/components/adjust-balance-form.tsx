import { formatMoney, parseAmountToMicros } from "@nc/contracts/money";
import {
  adjustBalanceBody,
  BALANCE_ADJUSTMENTS,
  type BalanceAdjusted,
  type BalanceAdjustment,
  type OperatorCustomerView,
} from "@nc/contracts/operator";
import { Alert, App, Button, Card, Descriptions, Form, Input, Radio } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useAdjustBalance } from "../api/adjust-balance";
import { useIdempotencyKey } from "../use-idempotency-key";

const KIND_LABEL_KEYS: Record<BalanceAdjustment, string> = {
  add: "operator:customer.kinds.add",
  sub: "operator:customer.kinds.sub",
  refund: "operator:customer.kinds.refund",
};

interface Values {
  kind: BalanceAdjustment;
  amount: string;
  reason: string;
}

/**
 * A balance correction with a reason. Before anything is sent, a confirmation repeats the
 * organisation, the kind and amount, and the reason: money moves only on a second, informed yes.
 * The form's idempotency key is made when it opens and sent with every submit, so a double click
 * or a retried request corrects once; a new key comes after each success.
 */
export function AdjustBalanceForm({ customer }: { customer: OperatorCustomerView }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const key = useIdempotencyKey();
  const adjust = useAdjustBalance(customer.id);
  const [done, setDone] = useState<BalanceAdjusted | null>(null);

  async function apply(values: Values) {
    try {
      const result = await adjust.mutateAsync({ ...values, idempotencyKey: key.current() });
      setDone(result);
      key.renew();
      form.resetFields(["amount", "reason"]);
    } catch (error) {
      showApiError(error, t, message, form);
    }
  }

  // The checks have passed (amount and reason as the server wants them): ask before sending.
  function confirm(values: Values) {
    const micros = parseAmountToMicros(values.amount) ?? 0n;
    modal.confirm({
      title: t("operator:customer.confirmTitle"),
      content: (
        <Descriptions column={1} size="small" data-testid="adjust-confirm">
          <Descriptions.Item label={t("operator:customer.organisation")}>{customer.name}</Descriptions.Item>
          <Descriptions.Item label={t(KIND_LABEL_KEYS[values.kind])}>
            <strong>{formatMoney(micros, customer.currency, locale)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t("operator:customer.reason")}>{values.reason}</Descriptions.Item>
        </Descriptions>
      ),
      okText: t("operator:customer.submit"),
      cancelText: t("operator:cancel"),
      onOk: () => apply(values),
    });
  }

  const balance = done ? formatMoney(done.balanceMicros, done.currency, locale) : "";
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("operator:customer.adjust")}</h2>}>
      {done && (
        <Alert
          type={done.replayed ? "info" : "success"}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="adjust-result"
          title={t(done.replayed ? "operator:customer.replayed" : "operator:customer.adjusted", { balance })}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: "add" }}
        onFinish={confirm}
        style={{ maxWidth: 520 }}
        className="nc-examples"
        data-testid="adjust-form"
      >
        <Form.Item name="kind" label={t("operator:customer.kind")}>
          <Radio.Group
            optionType="button"
            options={BALANCE_ADJUSTMENTS.map((kind) => ({ value: kind, label: t(KIND_LABEL_KEYS[kind]) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t("operator:customer.amount")}
          rules={[zodRule(adjustBalanceBody.shape.amount, t)]}
        >
          <Input
            inputMode="decimal"
            suffix={customer.currency}
            placeholder={t("operator:customer.amountExample")}
            data-testid="adjust-amount"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t("operator:customer.reason")}
          rules={[zodRule(adjustBalanceBody.shape.reason, t)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            placeholder={t("operator:customer.reasonPlaceholder")}
            data-testid="adjust-reason"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adjust.isPending} data-testid="adjust-submit">
          {t("operator:customer.submit")}
        </Button>
      </Form>
    </Card>
  );
}
