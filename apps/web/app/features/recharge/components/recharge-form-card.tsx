import { MailOutlined } from "@ant-design/icons";
import { formatMoney, parseAmountToMicros } from "@nc/contracts/money";
import { type CreatedRecharge, type RechargeMethod, rechargeAmountSchema } from "@nc/contracts/recharge";
import { Alert, App, Button, Card, Input, Radio, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useAppNavigate } from "../../../shell/navigation/use-app-navigate";
import type { RootData } from "../../../shell/root-data";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useCreateRecharge } from "../api/create-recharge";
import { useRechargeOptions } from "../api/recharge-options";
import { METHOD_HELP_KEYS, METHOD_LABEL_KEYS, supportMailto } from "../labels";

const CUSTOM = "custom";

/** Pick an amount (presets or your own) and a method; card goes to Stripe, transfer shows the details. */
export function RechargeFormCard({
  tenantId,
  onBankTransfer,
}: {
  tenantId: string;
  onBankTransfer: (created: CreatedRecharge) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const site = (useRouteLoaderData("root") as RootData | undefined)?.site;
  const options = useRechargeOptions(tenantId);
  const create = useCreateRecharge(tenantId);
  const [preset, setPreset] = useState<string>("");
  const [custom, setCustom] = useState("");
  const [method, setMethod] = useState<RechargeMethod | "">("");
  const [redirecting, setRedirecting] = useState(false);

  if (options.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  if (options.isError) return <Alert type="error" showIcon title={errorText(options.error, t)} />;
  const o = options.data;
  if (o.methods.length === 0) return <NoMethods email={site?.email ?? ""} />;

  const chosenMethod = method || o.methods[0]!;
  const chosenPreset = preset || o.presets[1] || o.presets[0] || CUSTOM;
  const amount = chosenPreset === CUSTOM ? custom.trim() : chosenPreset;
  const micros = rechargeAmountSchema.safeParse(amount).success ? parseAmountToMicros(amount) : null;
  const inRange = micros !== null && micros >= BigInt(o.minMicros) && micros <= BigInt(o.maxMicros);
  const money = (m: bigint | string) => formatMoney(m, o.currency, locale);
  const limits = t("recharge:form.limits", { min: money(o.minMicros), max: money(o.maxMicros) });

  async function submit() {
    try {
      const created = await create.mutateAsync({ method: chosenMethod, amount });
      if (created.checkoutUrl) {
        setRedirecting(true);
        navigate(created.checkoutUrl, { external: true });
        return;
      }
      onBankTransfer(created);
    } catch (error) {
      setRedirecting(false);
      showApiError(error, t, message);
    }
  }

  return (
    <Card title={t("recharge:form.title")} data-testid="recharge-form">
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <div>
          <Typography.Text strong>{t("recharge:form.amount")}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group
              value={chosenPreset}
              onChange={(e) => setPreset(e.target.value as string)}
              optionType="button"
              buttonStyle="solid"
              data-testid="recharge-presets"
              options={[
                ...o.presets.map((p) => ({ value: p, label: money(parseAmountToMicros(p)!) })),
                { value: CUSTOM, label: t("recharge:form.custom") },
              ]}
            />
          </div>
          {chosenPreset === CUSTOM && (
            <Input
              style={{ marginTop: 8, maxWidth: 240 }}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              placeholder={t("recharge:form.customPlaceholder")}
              prefix={o.currency}
              inputMode="decimal"
              aria-label={t("recharge:form.custom")}
              data-testid="recharge-custom-amount"
              status={custom && !inRange ? "error" : undefined}
            />
          )}
          <div>
            <Typography.Text type={amount && !inRange ? "danger" : "secondary"}>
              {amount && micros === null ? t("validation:amount_invalid") : limits}
            </Typography.Text>
          </div>
        </div>
        <div>
          <Typography.Text strong>{t("recharge:form.method")}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group
              value={chosenMethod}
              onChange={(e) => setMethod(e.target.value as RechargeMethod)}
              data-testid="recharge-methods"
              options={o.methods.map((m) => ({ value: m, label: t(METHOD_LABEL_KEYS[m]) }))}
            />
          </div>
          <Typography.Text type="secondary">
            {t(METHOD_HELP_KEYS[chosenMethod], { days: o.bankTransferDays })}
          </Typography.Text>
        </div>
        <Button
          type="primary"
          size="large"
          disabled={!inRange}
          loading={create.isPending || redirecting}
          onClick={submit}
          data-testid="recharge-submit"
        >
          {redirecting
            ? t("recharge:redirecting")
            : chosenMethod === "stripe"
              ? t("recharge:form.submitCard")
              : t("recharge:form.submitBank")}
          {inRange && micros !== null ? ` · ${money(micros)}` : ""}
        </Button>
      </Space>
    </Card>
  );
}

/**
 * No card and no bank transfer on this site: what the person can still do (write to the partner's
 * support, with what support needs) rather than a dead end.
 */
function NoMethods({ email }: { email: string }) {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const name = tenant?.tenant.name ?? "";
  const href = supportMailto(email, t("recharge:form.mailSubjectFunds", { tenant: name }), [
    t("recharge:form.mailOrganisation", { name, id: tenant?.tenant.id ?? "" }),
    t("recharge:form.mailAmount"),
  ]);
  return (
    <Alert
      type="info"
      showIcon
      title={t("recharge:form.noMethods")}
      data-testid="recharge-no-methods"
      description={
        email ? (
          <Space orientation="vertical" size={8}>
            <span>{t("recharge:form.noMethodsHelp", { email })}</span>
            <Button href={href} icon={<MailOutlined />} data-testid="recharge-support-mail">
              {t("recharge:form.writeSupport")}
            </Button>
          </Space>
        ) : undefined
      }
    />
  );
}
