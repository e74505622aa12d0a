import { AUTO_TOP_UP_DAILY_MAX, type AutoTopUpSettings } from "@nc/contracts/auto-top-up";
import { formatMoney, microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import { rechargeAmountSchema } from "@nc/contracts/recharge";
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Space,
  Switch,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useAppNavigate } from "../../../shell/navigation/use-app-navigate";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useAutoTopUp } from "../api/auto-top-up";
import { useRemoveCard } from "../api/remove-card";
import { useSaveAutoTopUp } from "../api/save-auto-top-up";
import { useSetupCard } from "../api/setup-card";

interface Values {
  enabled: boolean;
  threshold: string;
  amount: string;
  dailyMax: number;
}

/** The money-settings right (docs/operations.md, "Automatic top-up"). */
const CHANGE = ["tenant:update"] as const;

/**
 * The saved card (brand, last 4, expiry) and automatic top-up: when a charge leaves the balance
 * under the threshold, the card is charged the amount, at most so many times a day. Anyone with
 * account:read sees it; tenant:update saves, replaces or removes the card and changes the settings.
 */
export function AutoTopUpCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { can } = useTenantAccess();
  const query = useAutoTopUp(tenantId);
  const [params] = useSearchParams();
  const returned = params.get("card");

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError) body = <Alert type="error" showIcon title={errorText(query.error, t)} />;
  else if (!query.data.available)
    body = <Typography.Text type="secondary">{t("recharge:auto.unavailable")}</Typography.Text>;
  else body = <AutoTopUpBody tenantId={tenantId} settings={query.data} editable={can(CHANGE)} />;

  return (
    <Card title={t("recharge:auto.title")} data-testid="auto-top-up-card">
      <Space orientation="vertical" size={12} style={{ width: "100%" }}>
        <Typography.Text type="secondary">{t("recharge:auto.help")}</Typography.Text>
        {returned === "saved" && <Alert type="success" showIcon title={t("recharge:auto.cardReturned")} />}
        {body}
      </Space>
    </Card>
  );
}

/** What each part of the card is drawn from: the organisation, its settings, and whether they may change. */
interface CardPartProps {
  tenantId: string;
  settings: AutoTopUpSettings;
  editable: boolean;
}

function AutoTopUpBody({ tenantId, settings, editable }: CardPartProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const money = (micros: string) => formatMoney(micros, settings.currency, locale);
  return (
    <>
      {settings.stoppedBecause && (
        <Alert type="warning" showIcon title={t(`recharge:auto.stopped.${settings.stoppedBecause}`)} />
      )}
      <SavedCard tenantId={tenantId} settings={settings} editable={editable} />
      {settings.inFlight && <Typography.Text>{t("recharge:auto.inFlight")}</Typography.Text>}
      {editable ? (
        <SettingsForm tenantId={tenantId} settings={settings} />
      ) : (
        <Typography.Text data-testid="auto-top-up-summary">
          {settings.enabled
            ? t("recharge:auto.summaryOn", {
                threshold: money(settings.thresholdMicros),
                amount: money(settings.amountMicros),
                times: settings.dailyMax,
              })
            : t("recharge:auto.summaryOff")}
        </Typography.Text>
      )}
      {settings.todayCount > 0 && (
        <Typography.Text type="secondary">
          {t("recharge:auto.today", { made: settings.todayCount, max: settings.dailyMax })}
        </Typography.Text>
      )}
    </>
  );
}

/** The card as Stripe describes it, with the buttons to save, replace or remove it. */
function SavedCard({ tenantId, settings, editable }: CardPartProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useAppNavigate();
  const setup = useSetupCard();
  const remove = useRemoveCard(tenantId);
  const { card } = settings;

  const startSetup = async () => {
    try {
      navigate((await setup.mutateAsync()).checkoutUrl, { external: true });
    } catch (error) {
      showApiError(error, t, message);
    }
  };
  const confirmRemove = () =>
    modal.confirm({
      title: t("recharge:auto.removeConfirm"),
      content: t("recharge:auto.removeHint"),
      okText: t("recharge:auto.remove"),
      okButtonProps: { danger: true },
      cancelText: t("recharge:auto.cancel"),
      onOk: async () => {
        try {
          await remove.mutateAsync();
          void message.success(t("recharge:auto.removed"));
        } catch (error) {
          showApiError(error, t, message);
        }
      },
    });

  return (
    <Space wrap align="center">
      <Typography.Text strong>{t("recharge:auto.card")}</Typography.Text>
      <Typography.Text data-testid="saved-card">
        {card
          ? t("recharge:auto.cardText", {
              brand: card.brand.toUpperCase(),
              last4: card.last4,
              expiry: `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`,
            })
          : t("recharge:auto.noCard")}
      </Typography.Text>
      {editable && (
        <Button onClick={startSetup} loading={setup.isPending}>
          {t(card ? "recharge:auto.replaceCard" : "recharge:auto.saveCard")}
        </Button>
      )}
      {editable && card && (
        <Button danger onClick={confirmRemove} loading={remove.isPending}>
          {t("recharge:auto.remove")}
        </Button>
      )}
    </Space>
  );
}

function SettingsForm({ tenantId, settings }: { tenantId: string; settings: AutoTopUpSettings }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const save = useSaveAutoTopUp(tenantId);
  const money = (micros: string) => formatMoney(micros, settings.currency, locale);
  const amountRule = {
    validator: (_rule: unknown, value: string) => {
      const text = (value ?? "").trim();
      if (!rechargeAmountSchema.safeParse(text).success)
        return Promise.reject(new Error(t("validation:amount_invalid")));
      const micros = parseAmountToMicros(text)!;
      if (micros < BigInt(settings.minMicros) || micros > BigInt(settings.maxMicros))
        return Promise.reject(
          new Error(
            t("recharge:form.limits", { min: money(settings.minMicros), max: money(settings.maxMicros) }),
          ),
        );
      return Promise.resolve();
    },
  };
  const thresholdRule = {
    validator: (_rule: unknown, value: string) =>
      /^\d{1,9}(\.\d{1,2})?$/.test((value ?? "").trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t("validation:amount_invalid"))),
  };

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        enabled: values.enabled,
        threshold: values.threshold.trim(),
        amount: values.amount.trim(),
        dailyMax: values.dailyMax,
      });
      void message.success(t("recharge:auto.saved"));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Form<Values>
      layout="vertical"
      onFinish={submit}
      initialValues={{
        enabled: settings.enabled,
        threshold: settings.thresholdMicros === "0" ? "" : microsToDecimal(settings.thresholdMicros),
        amount: settings.amountMicros === "0" ? "" : microsToDecimal(settings.amountMicros),
        dailyMax: settings.dailyMax,
      }}
      style={{ maxWidth: 420 }}
    >
      <Form.Item name="enabled" label={t("recharge:auto.enabled")} valuePropName="checked">
        <Switch disabled={!settings.card && !settings.enabled} />
      </Form.Item>
      {!settings.card && (
        <Typography.Paragraph type="secondary">{t("recharge:auto.needsCard")}</Typography.Paragraph>
      )}
      <Form.Item name="threshold" label={t("recharge:auto.threshold")} rules={[thresholdRule]}>
        <Input inputMode="decimal" placeholder="10.00" suffix={settings.currency} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t("recharge:auto.amount")}
        rules={[amountRule]}
        extra={t("recharge:form.limits", { min: money(settings.minMicros), max: money(settings.maxMicros) })}
      >
        <Input inputMode="decimal" placeholder="50.00" suffix={settings.currency} />
      </Form.Item>
      <Form.Item name="dailyMax" label={t("recharge:auto.dailyMax")}>
        <InputNumber min={1} max={AUTO_TOP_UP_DAILY_MAX} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t("recharge:auto.save")}
      </Button>
    </Form>
  );
}
