import type { InviteCheck } from "@nc/contracts/members";
import { Form, type FormInstance, Input, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthFooter } from "../../auth";

/**
 * What the invited person's sign-in and sign-up forms share: the invitation in a sentence, the
 * invited address (fixed), the fields and button of each page, and its footer.
 */
export function InviteFormFrame<Values extends { email: string }>(props: {
  invite: InviteCheck;
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  text: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph>{props.text}</Typography.Paragraph>
      <Form
        form={props.form}
        layout="vertical"
        onFinish={props.onFinish}
        requiredMark={false}
        size="large"
        initialValues={{ email: props.invite.email } as Partial<Values>}
      >
        <Form.Item name="email" label={t("auth:fields.email")}>
          <Input type="email" autoComplete="email" readOnly />
        </Form.Item>
        {props.children}
      </Form>
      <AuthFooter>{props.footer}</AuthFooter>
    </>
  );
}
