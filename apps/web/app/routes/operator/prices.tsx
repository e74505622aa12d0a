import { PRICE_SCOPES, type PriceListQuery, type PriceScope } from "@nc/contracts/operator";
import { useQuery } from "@tanstack/react-query";
import { Card, Radio, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { customerQuery } from "../../features/operator/api/customers";
import { usePartners } from "../../features/operator/api/partners";
import { usePriceList } from "../../features/operator/api/prices";
import { CustomerPicker } from "../../features/operator/components/customer-picker";
import { PageHeading } from "../../features/operator/components/page-heading";
import { type BandValues, PriceBandForm } from "../../features/operator/components/price-band-form";
import { PriceBandsTable } from "../../features/operator/components/price-bands-table";
import { PricePreviewTable } from "../../features/operator/components/price-preview-table";
import { useOperator } from "../../features/operator/use-operator";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operatorSetup:prices.title");

const SCOPE_LABEL_KEYS: Record<PriceScope, string> = {
  standard: "operatorSetup:prices.scopes.standard",
  partner: "operatorSetup:prices.scopes.partner",
  special: "operatorSetup:prices.scopes.special",
};

/** The list the address names, or null while its partner or organisation is still to be chosen. */
function listOf(params: URLSearchParams): PriceListQuery | null {
  const scope = (PRICE_SCOPES as readonly string[]).includes(params.get("scope") ?? "")
    ? (params.get("scope") as PriceScope)
    : "standard";
  const partnerId = params.get("partnerId");
  const tenantId = params.get("tenantId");
  if (scope === "partner") return partnerId ? { scope, partnerId } : null;
  if (scope === "special") return tenantId ? { scope, tenantId } : null;
  return { scope };
}

/**
 * /operator/prices: the platform's list, a partner's or one organisation's own, band by band; a
 * band added, changed or removed; for an organisation, what it pays now (docs/operations.md, "Prices").
 */
export default function OperatorPricesPage() {
  const { t } = useTranslation();
  const { me, has } = useOperator();
  // The chosen list lives in the address: a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const scope = (params.get("scope") as PriceScope | null) ?? "standard";
  const list = listOf(params);
  const current = usePriceList(list);
  const partners = usePartners(has("operator.partner:read"));
  const tenantId = list?.scope === "special" ? (list.tenantId ?? null) : null;
  const customer = useQuery({ ...customerQuery(tenantId ?? ""), enabled: Boolean(tenantId) });
  // Only a platform operator changes the standard list (docs/operations.md, "Prices in the console").
  const mayUpdate =
    has("operator.price:update") && (list?.scope !== "standard" || me.data?.scope === "platform");
  const [chosen, setChosen] = useState<BandValues | null>(null);
  const choose = (next: Record<string, string>) => setParams(next, { replace: true });

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operatorSetup:prices.title")} subtitle={t("operatorSetup:prices.subtitle")} />
      <Card>
        <Space orientation="vertical" size={12} style={{ width: "100%" }}>
          <Radio.Group
            optionType="button"
            value={scope}
            onChange={(e) => choose({ scope: e.target.value })}
            aria-label={t("operatorSetup:prices.which")}
            data-testid="price-scope"
            options={PRICE_SCOPES.map((s) => ({ value: s, label: t(SCOPE_LABEL_KEYS[s]) }))}
          />
          {scope === "partner" && (
            <Select
              value={params.get("partnerId") ?? undefined}
              placeholder={t("operatorSetup:prices.partnerPlaceholder")}
              aria-label={t("operatorSetup:prices.partner")}
              loading={partners.isPending}
              options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              onChange={(partnerId: string) => choose({ scope, partnerId })}
              style={{ width: "100%", maxWidth: 420 }}
              data-testid="price-partner"
            />
          )}
          {scope === "special" && (
            <CustomerPicker
              value={tenantId}
              valueLabel={customer.data?.name}
              onChange={(id) => choose({ scope, tenantId: id })}
            />
          )}
          {!list && (
            <Typography.Text type="secondary">{t("operatorSetup:prices.chooseFirst")}</Typography.Text>
          )}
        </Space>
      </Card>
      {list && (
        <>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("operatorSetup:prices.bands")}</h2>}>
            <PriceBandsTable
              list={list}
              current={current.data}
              error={current.error}
              loading={current.isPending}
              mayUpdate={mayUpdate}
              onChoose={setChosen}
            />
          </Card>
          {mayUpdate && (
            <PriceBandForm key={JSON.stringify(list)} list={list} current={current.data} chosen={chosen} />
          )}
          {tenantId && (
            <Card
              title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("operatorSetup:prices.previewTitle")}</h2>}
            >
              <Typography.Paragraph type="secondary">
                {t("operatorSetup:prices.previewHelp")}
              </Typography.Paragraph>
              <PricePreviewTable tenantId={tenantId} />
            </Card>
          )}
        </>
      )}
    </Space>
  );
}
