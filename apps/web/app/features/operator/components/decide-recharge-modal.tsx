import { formatMoney, microsToDecimal } from "@nc/contracts/money";
import { confirmRechargeBody, type OperatorRechargeView, operatorAmountSchema } from "@nc/contracts/operator";
import { App, Form, Input, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { optionalRule, zodRule } from "../../../shell/forms/zod-rule";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useConfirmRecharge, useRejectRecharge } from "../api/decide-recharge";

interface Values {
  received?: string;
  note?: string;
}

const blankToUndefined = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/**
 * Confirm (with what the bank statement shows, when it differs) or reject one bank transfer.
 * Field errors of the server appear under their fields.
 */
export function DecideRechargeModal(props: {
  order: OperatorRechargeView;
  decision: "confirm" | "reject";
  onClose: () => void;
}) {
  const { order, decision, onClose } = props;
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmRecharge();
  const reject = useRejectRecharge();
  const busy = confirm.isPending || reject.isPending;
  const ordered = formatMoney(order.amountMicros, order.currency, locale);

  async function submit(values: Values) {
    const note = blankToUndefined(values.note);
    try {
      if (decision === "confirm") {
        const done = await confirm.mutateAsync({
          id: order.id,
          body: { received: blankToUndefined(values.received), note },
        });
        const credited = done.order.receivedMicros ?? done.order.amountMicros;
        if (done.credited)
          void message.success(
            t("operator:money.confirmed", { amount: formatMoney(credited, order.currency, locale) }),
          );
        else void message.info(t("operator:money.alreadyDone"));
      } else {
        await reject.mutateAsync({ id: order.id, body: { note } });
        void message.success(t("operator:money.rejected"));
      }
      onClose();
    } catch (error) {
      showApiError(error, t, message, form);
    }
  }

  const confirming = decision === "confirm";
  return (
    <Modal
      open
      title={t(confirming ? "operator:money.confirmTitle" : "operator:money.rejectTitle", {
        reference: order.reference,
      })}
      okText={t(confirming ? "operator:money.confirm" : "operator:money.reject")}
      okButtonProps={{ danger: !confirming, loading: busy, "data-testid": "decide-submit" }}
      cancelText={t("operator:cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {confirming ? t("operator:money.confirmText", { amount: ordered }) : t("operator:money.rejectText")}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        {confirming && (
          <Form.Item
            name="received"
            label={t("operator:money.receivedLabel")}
            extra={t("operator:money.receivedHelp")}
            rules={[optionalRule(operatorAmountSchema, t)]}
          >
            <Input
              inputMode="decimal"
              placeholder={microsToDecimal(order.amountMicros)}
              suffix={order.currency}
              data-testid="decide-received"
            />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t("operator:money.note")}
          rules={[zodRule(confirmRechargeBody.shape.note, t)]}
        >
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t("operator:money.notePlaceholder")}
            data-testid="decide-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
