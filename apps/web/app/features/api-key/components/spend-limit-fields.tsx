import { apiKeyLimitsBody } from "@nc/contracts/api-keys";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { optionalRule } from "../../../shell/forms/zod-rule";

/** The form values of a key's spend limits: decimal amounts, empty for none. */
export interface SpendLimitValues {
  dailyLimit?: string;
  monthlyLimit?: string;
}

/**
 * What the server takes: a trimmed amount, or `none` for no limit (null to clear one when editing,
 * undefined to leave it out when making a key).
 */
export const limitsBody = <N extends null | undefined>(values: SpendLimitValues, none: N) => ({
  dailyLimit: values.dailyLimit?.trim() || none,
  monthlyLimit: values.monthlyLimit?.trim() || none,
});

/**
 * The daily and monthly spend limits of a key (docs/api.md, "Spend limits"), each optional, in the
 * account's currency (`currency` when known); checked with the server's own schema.
 */
export function SpendLimitFields({ currency }: { currency?: string }) {
  const { t } = useTranslation();
  const fields = [
    { name: "dailyLimit", label: t("apiKeys:limits.daily"), testId: "api-key-daily-limit" },
    { name: "monthlyLimit", label: t("apiKeys:limits.monthly"), testId: "api-key-monthly-limit" },
  ] as const;
  return (
    <>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          extra={t("apiKeys:limits.help")}
          rules={[optionalRule(apiKeyLimitsBody.shape[field.name], t)]}
        >
          <Input
            inputMode="decimal"
            placeholder={t("apiKeys:limits.none")}
            suffix={currency}
            data-testid={field.testId}
          />
        </Form.Item>
      ))}
    </>
  );
}
