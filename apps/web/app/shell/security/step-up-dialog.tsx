import { passwordSchema } from "@nc/contracts/auth";
import type { SteppedUp, StepUpBody } from "@nc/contracts/step-up";
import { secondFactorSchema, type TwoFactorStatus } from "@nc/contracts/two-factor";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Flex, Form, Input, Modal, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../forms/api-error-feedback";
import { useBusySubmit } from "../forms/use-busy-submit";
import { zodRule } from "../forms/zod-rule";
import { api } from "../http/client";

/**
 * Asks for a fresh proof before what matters goes ahead (docs/security.md, "Step-up"): a code of the
 * authenticator app (or a recovery code) when two-factor sign-in is on, else the password. Once it
 * is accepted the refused call is sent again; cancelling leaves it refused.
 */
export function StepUpDialog({ reason, onDone }: { reason: string; onDone: (proved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StepUpBody>();
  // Whether to ask for a code or the password: the person's own two-factor state.
  const status = useQuery({
    queryKey: ["two-factor"],
    queryFn: () => api<TwoFactorStatus>("/api/tenant/uc/2fa"),
  });
  const withCode = status.data?.enabled === true;

  const { busy, submit } = useBusySubmit(form, async (values: StepUpBody) => {
    await api<SteppedUp>("/api/tenant/uc/step-up", {
      method: "POST",
      body: withCode ? { code: values.code } : { password: values.password },
    });
    onDone(true);
  });

  return (
    <Modal
      open
      title={t("common:stepUp.title")}
      onCancel={() => onDone(false)}
      footer={null}
      destroyOnHidden
      data-testid="step-up-dialog"
    >
      <Flex vertical gap={12}>
        <Typography.Text>{reason}</Typography.Text>
        {status.isError && <Alert type="error" showIcon title={errorText(status.error, t)} />}
        {status.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Form form={form} name="stepUp" layout="vertical" requiredMark={false} onFinish={submit}>
            {withCode ? (
              <Form.Item name="code" label={t("common:stepUp.code")} rules={[zodRule(secondFactorSchema, t)]}>
                <Input autoComplete="one-time-code" maxLength={24} spellCheck={false} autoFocus />
              </Form.Item>
            ) : (
              <Form.Item
                name="password"
                label={t("common:stepUp.password")}
                rules={[zodRule(passwordSchema, t)]}
              >
                <Input.Password autoComplete="current-password" autoFocus />
              </Form.Item>
            )}
            <Flex gap={8} justify="flex-end">
              <Button onClick={() => onDone(false)}>{t("common:stepUp.cancel")}</Button>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="step-up-confirm">
                {t("common:stepUp.confirm")}
              </Button>
            </Flex>
          </Form>
        )}
      </Flex>
    </Modal>
  );
}
