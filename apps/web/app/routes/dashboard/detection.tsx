import type { SingleCheckView } from "@nc/contracts/detection-single";
import type { ServiceCode } from "@nc/contracts/services";
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCheckNumber } from "../../features/detection/api/check-number";
import { CheckResult } from "../../features/detection/components/check-result";
import { countryName, DEFAULT_COUNTRIES } from "../../features/detection/components/countries";
import { ServicePicker } from "../../features/detection/components/service-picker";
import { useTenantAccess } from "../../features/tenant/use-tenant-access";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { ApiError } from "../../shell/http/api-error";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("detection:title");

interface FormValues {
  number: string;
  defaultCountry?: string;
}

/** Detection (issue 5): pick a service with its price, check one number, see the answer at once. */
export default function DetectionPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const [form] = Form.useForm<FormValues>();
  const [service, setService] = useState<ServiceCode>("basic");
  const [view, setView] = useState<SingleCheckView | null>(null);
  const check = useCheckNumber(tenantId);

  const countries = useMemo(
    () =>
      DEFAULT_COUNTRIES.map((code) => ({
        value: code,
        label: `${countryName(code, locale)} (${code})`,
      })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [locale],
  );

  const submit = async (values: FormValues) => {
    setView(null);
    try {
      setView(
        await check.mutateAsync({ service, number: values.number, defaultCountry: values.defaultCountry }),
      );
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };
  const failure = check.error instanceof ApiError && check.error.fields.length === 0 ? check.error : null;

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 0 }}>
        {t("detection:title")}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title={t("detection:service.title")}>
            <ServicePicker tenantId={tenantId} value={service} onChange={setService} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t("detection:single.title")}>
            <Typography.Paragraph type="secondary">{t("detection:single.help")}</Typography.Paragraph>
            <Form<FormValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
              <Form.Item
                name="number"
                label={t("detection:single.number")}
                rules={[{ required: true, whitespace: true, message: t("validation:required") }]}
              >
                <Input
                  data-testid="detection-number"
                  placeholder={t("detection:single.numberPlaceholder")}
                  maxLength={64}
                  inputMode="tel"
                  autoComplete="off"
                />
              </Form.Item>
              <Form.Item
                name="defaultCountry"
                label={t("detection:single.defaultCountry")}
                extra={t("detection:single.defaultCountryHelp")}
              >
                <Select
                  data-testid="detection-country"
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={countries}
                  placeholder={t("detection:single.noDefaultCountry")}
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={check.isPending}
                data-testid="detection-submit"
              >
                {t("detection:single.submit")}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      {failure && (
        <Alert type="error" showIcon message={errorText(failure, t)} data-testid="detection-error" />
      )}
      {view && <CheckResult view={view} />}
    </Space>
  );
}
