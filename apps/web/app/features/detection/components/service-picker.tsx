import { formatMoney } from "@nc/contracts/money";
import { needsLiveLookup, SERVICES, type ServiceCode } from "@nc/contracts/services";
import { Radio, Skeleton, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import type { RootData } from "../../../shell/root-data";
import { usePriceQuote } from "../../price";

/** The organisation's price of one number of a service, as the server would charge it now. */
function ServicePrice({ tenantId, service }: { tenantId: string; service: ServiceCode }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const quote = usePriceQuote(tenantId, { service, quantity: 1 }, Boolean(tenantId));
  const sandbox = (useRouteLoaderData("root") as RootData | undefined)?.lookupSandbox ?? false;
  // The server charges nothing for look-ups the sandbox answers; say so instead of the list price.
  // Live look-ups are free while the sandbox answers them.
  if (sandbox && needsLiveLookup(service)) {
    return (
      <Tag color="gold" data-testid={`detection-price-${service}`}>
        {t("detection:freeInSandbox")}
      </Tag>
    );
  }
  if (quote.isPending) return <Skeleton.Button active size="small" style={{ width: 60, height: 16 }} />;
  if (!quote.data) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text type="secondary" data-testid={`detection-price-${service}`}>
      {t("detection:perNumber", {
        amount: formatMoney(quote.data.unitPriceMicros, quote.data.currency, locale),
      })}
    </Typography.Text>
  );
}

/** One card-like radio per service, with its description and price. */
export function ServicePicker({
  tenantId,
  value,
  onChange,
}: {
  tenantId: string;
  value: ServiceCode;
  onChange: (service: ServiceCode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange(e.target.value as ServiceCode)}
      style={{ width: "100%" }}
      data-testid="detection-services"
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        {SERVICES.map((s) => (
          <Radio key={s.code} value={s.code} data-testid={`detection-service-${s.code}`}>
            <Space orientation="vertical" size={0}>
              <Space wrap>
                <Typography.Text strong>{t(`services:${s.code}.name`)}</Typography.Text>
                <ServicePrice tenantId={tenantId} service={s.code} />
              </Space>
              <Typography.Text type="secondary">{t(`services:${s.code}.description`)}</Typography.Text>
            </Space>
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
