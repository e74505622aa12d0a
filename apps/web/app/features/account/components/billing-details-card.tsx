import {
  BILLING_COUNTRIES,
  type BillingDetails,
  billingDetailsBody,
  taxIdFault,
} from "@nc/contracts/billing-details";
import { App, Button, Card, Form, Input, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { countryName } from "../../../shell/components/countries";
import { CountrySelect } from "../../../shell/components/country-select";
import { useBusySubmit } from "../../../shell/forms/use-busy-submit";
import { optionalRule, zodRule } from "../../../shell/forms/zod-rule";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useBillingDetails, useSaveBillingDetails } from "../api/billing-details";

type Values = Record<
  "legalName" | "addressLine1" | "addressLine2" | "city" | "postalCode" | "region" | "country" | "taxId",
  string
>;

const FIELDS = billingDetailsBody.shape;
const EMPTY: Values = {
  legalName: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  postalCode: "",
  region: "",
  country: "",
  taxId: "",
};

const LABEL_KEYS: Record<keyof Values, string> = {
  legalName: "account:billing.fields.legalName",
  addressLine1: "account:billing.fields.addressLine1",
  addressLine2: "account:billing.fields.addressLine2",
  city: "account:billing.fields.city",
  postalCode: "account:billing.fields.postalCode",
  region: "account:billing.fields.region",
  country: "account:billing.fields.country",
  taxId: "account:billing.fields.taxId",
};

/** The reasons taxIdFault gives, as the server words them (`validation` catalogue). */
const TAX_ID_REASON_KEYS = {
  tax_id_format: "validation:tax_id_format",
  tax_id_check_digit: "validation:tax_id_check_digit",
  too_long: "validation:too_long",
} as const;

const valuesOf = (details: BillingDetails | null | undefined): Values =>
  details
    ? {
        ...EMPTY,
        ...Object.fromEntries(
          Object.entries(details)
            .filter(([key]) => key in EMPTY)
            .map(([k, v]) => [k, v ?? ""]),
        ),
      }
    : EMPTY;

/**
 * The organisation's billing details, printed on its receipts and statements (docs/operations.md,
 * "Billing details, receipts and statements"): read by anyone who sees the account, changed by
 * those who may change money settings (tenant:update). The tax number is checked against the
 * country's format before sending, with the server's own table and reasons.
 */
export function BillingDetailsCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const { can } = useTenantAccess();
  const editable = can(["tenant:update"]);
  const [form] = Form.useForm<Values>();
  const details = useBillingDetails(tenantId);
  const save = useSaveBillingDetails(tenantId);
  const { busy, submit } = useBusySubmit(form, async (values) => {
    await save.mutateAsync(values);
    void message.success(t("account:billing.saved"));
  });

  const taxIdRule = {
    validator: async (_rule: unknown, value: string) => {
      const country = form.getFieldValue("country") as string;
      if (!value?.trim() || !country) return;
      const fault = taxIdFault(country, value.trim());
      if (fault) throw new Error(t(TAX_ID_REASON_KEYS[fault.reason], fault.params));
    },
  };

  const field = (
    name: keyof Values,
    required: boolean,
    extra: Partial<Parameters<typeof Form.Item>[0]> = {},
  ) => (
    <Form.Item
      name={name}
      label={t(LABEL_KEYS[name])}
      rules={[required ? zodRule(FIELDS[name], t) : optionalRule(FIELDS[name], t)]}
      {...extra}
    >
      <Input data-testid={`billing-${name}`} disabled={!editable} />
    </Form.Item>
  );

  return (
    <Card title={t("account:billing.title")} data-testid="billing-details-card">
      <Typography.Paragraph type="secondary">{t("account:billing.help")}</Typography.Paragraph>
      {details.isPending ? (
        <Skeleton active />
      ) : !editable && !details.data ? (
        <Typography.Text data-testid="billing-none">{t("account:billing.none")}</Typography.Text>
      ) : (
        <Form form={form} layout="vertical" initialValues={valuesOf(details.data)} onFinish={submit}>
          {field("legalName", true)}
          {field("addressLine1", true)}
          {field("addressLine2", false)}
          {field("city", true)}
          {field("postalCode", false)}
          {field("region", false)}
          <Form.Item
            name="country"
            label={t(LABEL_KEYS.country)}
            rules={[{ required: true, message: t("validation:required") }]}
          >
            {editable ? (
              <CountrySelect
                testId="billing-country"
                label={t("account:billing.fields.country")}
                placeholder={t("account:billing.countryPlaceholder")}
                allowClear={false}
                codes={BILLING_COUNTRIES}
              />
            ) : (
              <Typography.Text>{countryName(details.data?.country ?? "", locale)}</Typography.Text>
            )}
          </Form.Item>
          <Form.Item
            name="taxId"
            label={t(LABEL_KEYS.taxId)}
            dependencies={["country"]}
            rules={[taxIdRule]}
            extra={t("account:billing.taxIdHelp")}
          >
            <Input data-testid="billing-taxId" disabled={!editable} />
          </Form.Item>
          {editable && (
            <Button type="primary" htmlType="submit" loading={busy}>
              {t("account:billing.save")}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
