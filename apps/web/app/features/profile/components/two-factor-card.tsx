import { passwordSchema } from "@nc/contracts/auth";
import {
  RECOVERY_CODE_COUNT,
  secondFactorSchema,
  type TwoFactorSetup,
  totpCodeSchema,
} from "@nc/contracts/two-factor";
import {
  Alert,
  App,
  Button,
  Card,
  Divider,
  Flex,
  Form,
  type FormInstance,
  Input,
  QRCode,
  Skeleton,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OneTimeSecretModal } from "../../../shell/components/one-time-secret-modal";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useForgetBrowsers,
  useRenewRecoveryCodes,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from "../api/two-factor";

/** A form's submit or a button's click: the call, its refusal shown under the fields it names or as a message. */
function useSubmit<V>(form: FormInstance<V> | undefined, action: (values: V) => Promise<void>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (values: V) => {
    try {
      await action(values);
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };
}

/** The secret as people type it into an app: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(" ");

/**
 * Two-factor sign-in with an authenticator app (docs/security.md, "Two-factor sign-in"): set-up
 * with a QR code and the secret as text, confirmed by a code; the recovery codes shown once;
 * switching off with the password and a code.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (status.isError) body = <Alert type="error" showIcon title={errorText(status.error, t)} />;
  else if (!status.data) body = <Skeleton active />;
  else if (status.data.enabled)
    body = <TwoFactorOn codesLeft={status.data.recoveryCodesLeft} onRecovery={setRecovery} />;
  else if (setup)
    body = (
      <TwoFactorSetupForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecovery(codes);
        }}
      />
    );
  else body = <TwoFactorOff onSetup={setSetup} />;

  return (
    <Card title={t("profile:twoFactor.title")}>
      {body}
      <OneTimeSecretModal
        secret={recovery ? recovery.join("\n") : null}
        rows={RECOVERY_CODE_COUNT}
        testId="recovery-codes"
        onClose={() => setRecovery(null)}
        heading={<Typography.Text>{t("profile:twoFactor.recovery.heading")}</Typography.Text>}
        texts={{
          title: t("profile:twoFactor.recovery.title"),
          warning: t("profile:twoFactor.recovery.warning"),
          label: t("profile:twoFactor.recovery.label"),
          copy: t("profile:twoFactor.recovery.copy"),
          copied: t("profile:twoFactor.recovery.copied"),
          copyFailed: t("profile:twoFactor.recovery.copyFailed"),
          usage: t("profile:twoFactor.recovery.usage"),
          stored: t("profile:twoFactor.recovery.stored"),
          done: t("profile:twoFactor.recovery.done"),
          confirmTitle: t("profile:twoFactor.recovery.confirmTitle"),
          confirmText: t("profile:twoFactor.recovery.confirmText"),
          confirmOk: t("profile:twoFactor.recovery.confirmOk"),
          confirmCancel: t("profile:twoFactor.recovery.confirmCancel"),
        }}
      />
    </Card>
  );
}

function TwoFactorOff({ onSetup }: { onSetup: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation();
  const start = useTwoFactorSetup();
  const setUp = useSubmit<undefined>(undefined, async () => onSetup(await start.mutateAsync()));
  return (
    <Flex vertical gap={12} align="flex-start">
      <Typography.Text>{t("profile:twoFactor.offText")}</Typography.Text>
      <Button
        type="primary"
        loading={start.isPending}
        data-testid="two-factor-setup"
        onClick={() => setUp(undefined)}
      >
        {t("profile:twoFactor.setup")}
      </Button>
    </Flex>
  );
}

function TwoFactorSetupForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const enable = useEnableTwoFactor();
  const submit = useSubmit(form, async (values) =>
    onEnabled((await enable.mutateAsync({ code: values.code })).recoveryCodes),
  );
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{t("profile:twoFactor.scan")}</Typography.Text>
      {/* Drawn in the browser as SVG: the secret never leaves the page for a QR service. */}
      <div role="img" aria-label={t("profile:twoFactor.qrLabel")} style={{ alignSelf: "flex-start" }}>
        <QRCode value={setup.uri} type="svg" size={176} bordered={false} />
      </div>
      <Typography.Text>{t("profile:twoFactor.manual")}</Typography.Text>
      <Typography.Text code copyable={{ text: setup.secret }} data-testid="two-factor-secret">
        {grouped(setup.secret)}
      </Typography.Text>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="code" label={t("profile:twoFactor.code")} rules={[zodRule(totpCodeSchema, t)]}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            data-testid="two-factor-code"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="two-factor-enable">
            {t("profile:twoFactor.enable")}
          </Button>
          <Button onClick={onCancel}>{t("profile:twoFactor.cancel")}</Button>
        </Flex>
      </Form>
    </Flex>
  );
}

/** Ten new recovery codes for a current code of the app; the old ones stop working. */
function RenewRecoveryCodes({ onRecovery }: { onRecovery: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const renew = useRenewRecoveryCodes();
  const submit = useSubmit(form, async (values) => {
    onRecovery((await renew.mutateAsync({ code: values.code })).recoveryCodes);
    form.resetFields();
  });
  return (
    <Form form={form} name="renewCodes" layout="vertical" requiredMark={false} onFinish={submit}>
      <Typography.Paragraph type="secondary">{t("profile:twoFactor.renewHint")}</Typography.Paragraph>
      <Form.Item name="code" label={t("profile:twoFactor.renewCode")} rules={[zodRule(totpCodeSchema, t)]}>
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
      </Form.Item>
      <Button htmlType="submit" loading={renew.isPending} data-testid="recovery-codes-renew">
        {t("profile:twoFactor.renew")}
      </Button>
    </Form>
  );
}

/** Every browser remembered at sign-in asks for a code again. */
function ForgetBrowsers() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const forget = useForgetBrowsers();
  const forgetAll = useSubmit<undefined>(undefined, async () => {
    await forget.mutateAsync({});
    void message.success(t("profile:twoFactor.forgotten"));
  });
  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text type="secondary">{t("profile:twoFactor.forgetHint")}</Typography.Text>
      <Button
        loading={forget.isPending}
        data-testid="two-factor-forget-browsers"
        onClick={() => forgetAll(undefined)}
      >
        {t("profile:twoFactor.forget")}
      </Button>
    </Flex>
  );
}

function TwoFactorOn({
  codesLeft,
  onRecovery,
}: {
  codesLeft: number;
  onRecovery: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const disable = useDisableTwoFactor();
  const submit = useSubmit(form, async (values) => {
    await disable.mutateAsync({ password: values.password, code: values.code });
    void message.success(t("profile:twoFactor.disabled"));
  });
  return (
    <Flex vertical gap={12}>
      <Alert type="success" showIcon title={t("profile:twoFactor.onText")} />
      <Typography.Text type={codesLeft < 3 ? "warning" : "secondary"} data-testid="recovery-codes-left">
        {t("profile:twoFactor.codesLeft", { count: codesLeft })}
      </Typography.Text>
      <RenewRecoveryCodes onRecovery={onRecovery} />
      <ForgetBrowsers />
      <Divider style={{ margin: "4px 0" }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Typography.Paragraph type="secondary">{t("profile:twoFactor.offHint")}</Typography.Paragraph>
        <Form.Item name="password" label={t("profile:password.current")} rules={[zodRule(passwordSchema, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t("profile:twoFactor.codeOrRecovery")}
          rules={[zodRule(secondFactorSchema, t)]}
        >
          <Input autoComplete="one-time-code" maxLength={24} spellCheck={false} />
        </Form.Item>
        <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-factor-disable">
          {t("profile:twoFactor.disable")}
        </Button>
      </Form>
    </Flex>
  );
}
