import type { OperatorPriceList, PriceListQuery } from "@nc/contracts/operator";
import { setPriceBody } from "@nc/contracts/operator";
import { SERVICES, type ServiceCode } from "@nc/contracts/services";
import { App, Button, Card, Form, Input, InputNumber, Select } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { optionalRule, zodRule } from "../../../shell/forms/zod-rule";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSetPrice } from "../api/set-price";
import { serviceLabel } from "../setup/service-label";

export interface BandValues {
  service: ServiceCode;
  minMonthlyVolume: number;
  price: string;
  currency: string;
}

const FIELDS = setPriceBody.shape;

/**
 * Adds a band to the list, or gives one a new price (the same service and start): the fields
 * checked as the server checks them, its refusals shown under them.
 */
export function PriceBandForm({
  list,
  current,
  chosen,
}: {
  list: PriceListQuery;
  current: OperatorPriceList | undefined;
  /** A band picked in the table to change. */
  chosen: BandValues | null;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<BandValues>();
  const set = useSetPrice();
  const number = new Intl.NumberFormat(locale);

  useEffect(() => {
    if (chosen) form.setFieldsValue(chosen);
  }, [chosen, form]);
  useEffect(() => {
    if (current && !form.isFieldTouched("currency"))
      form.setFieldsValue({ currency: current.defaultCurrency });
  }, [current, form]);

  async function submit(values: BandValues) {
    try {
      await set.mutateAsync({ ...list, ...values, currency: values.currency || undefined });
      void message.success(
        t("operatorSetup:prices.saved", {
          service: serviceLabel(t, values.service),
          volume: number.format(values.minMonthlyVolume),
        }),
      );
    } catch (error) {
      showApiError(error, t, message, form);
    }
  }

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("operatorSetup:prices.bandTitle")}</h2>}>
      <Form<BandValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ service: SERVICES[0].code, minMonthlyVolume: 0, price: "", currency: "" }}
        style={{ display: "flex", flexWrap: "wrap", columnGap: 16 }}
      >
        <Form.Item
          name="service"
          label={t("operatorSetup:prices.service")}
          style={{ minWidth: 200, flex: "1 1 200px" }}
        >
          <Select
            data-testid="band-service"
            options={SERVICES.map((s) => ({ value: s.code, label: t(`services:${s.code}.name`) }))}
          />
        </Form.Item>
        <Form.Item
          name="minMonthlyVolume"
          label={t("operatorSetup:prices.from")}
          extra={t("operatorSetup:prices.fromHelp")}
          rules={[zodRule(FIELDS.minMonthlyVolume, t)]}
          style={{ flex: "1 1 160px" }}
        >
          <InputNumber min={0} precision={0} style={{ width: "100%" }} data-testid="band-from" />
        </Form.Item>
        <Form.Item
          name="price"
          label={t("operatorSetup:prices.price")}
          extra={t("operatorSetup:prices.priceHelp")}
          rules={[zodRule(FIELDS.price, t)]}
          style={{ flex: "1 1 160px" }}
        >
          <Input inputMode="decimal" placeholder="0.005" data-testid="band-price" />
        </Form.Item>
        <Form.Item
          name="currency"
          label={t("operatorSetup:prices.currency")}
          rules={[optionalRule(FIELDS.currency, t)]}
          normalize={(value: string) => value.toUpperCase()}
          style={{ flex: "0 1 120px" }}
        >
          <Input maxLength={3} data-testid="band-currency" />
        </Form.Item>
        <Form.Item style={{ flex: "0 0 auto", alignSelf: "flex-end" }}>
          <Button type="primary" htmlType="submit" loading={set.isPending} data-testid="band-submit">
            {t("operatorSetup:prices.saveBand")}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
