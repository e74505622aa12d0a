import type { DraftView } from "@nc/contracts/jobs";
import type { ServiceCode } from "@nc/contracts/services";
import { App, Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../../../shell/components/country-select";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useCreateListDraft } from "../api/create-list-job";

/** The JSON list route's limit; longer lists go in a file. */
export const LIST_MAX_ROWS = 100_000;

/** Splits pasted text into numbers: one per line, or separated by commas or semicolons. */
export function splitList(text: string): string[] {
  return text
    .split(/[\r\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

interface Values {
  numbers: string;
  defaultCountry?: string;
}

/** A pasted list: read into a draft whose summary is shown before anything is charged. */
export function ListEntry({
  service,
  onDraft,
}: {
  service: ServiceCode;
  onDraft: (draft: DraftView) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [count, setCount] = useState(0);
  const create = useCreateListDraft();

  const submit = async (values: Values) => {
    try {
      onDraft(
        await create.mutateAsync({
          service,
          numbers: splitList(values.numbers),
          defaultCountry: values.defaultCountry,
        }),
      );
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item
        name="numbers"
        label={t("detection:list.numbers")}
        extra={t("detection:list.help", { max: LIST_MAX_ROWS.toLocaleString(i18n.language) })}
        rules={[
          { required: true, whitespace: true, message: t("validation:required") },
          {
            validator: (_rule, value: string | undefined) =>
              splitList(value ?? "").length > LIST_MAX_ROWS
                ? Promise.reject(
                    new Error(
                      t("detection:list.tooMany", { max: LIST_MAX_ROWS.toLocaleString(i18n.language) }),
                    ),
                  )
                : Promise.resolve(),
          },
        ]}
      >
        <Input.TextArea
          data-testid="detection-list"
          rows={8}
          placeholder={"+1 202 555 0100\n+44 7911 123456\n..."}
          onChange={(e) => setCount(splitList(e.target.value).length)}
          spellCheck={false}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" data-testid="detection-list-count">
        {t("detection:list.count", { count })}
      </Typography.Paragraph>
      <Form.Item
        name="defaultCountry"
        label={t("detection:single.defaultCountry")}
        extra={t("detection:single.defaultCountryHelp")}
      >
        <CountrySelect testId="detection-list-country" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="detection-list-read">
        {t("detection:list.read")}
      </Button>
    </Form>
  );
}
