import { DatePicker, type DatePickerProps, Flex, Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { usePickerLocale } from "../../../shell/i18n/use-picker-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { EXPIRY_CHOICES, endOfDayIn } from "../expiry";

/** The one dayjs date antd's DatePicker holds, named without making dayjs a dependency here. */
export type PickedDate = Exclude<NonNullable<DatePickerProps["value"]>, readonly unknown[]>;

export const pickedDay = (value: PickedDate) => ({
  year: value.year(),
  month: value.month() + 1,
  day: value.date(),
});

/**
 * "Expires": never, 30/90/365 days from now, or a date picked in a calendar, whose end (in the
 * organisation's time zone) is when the key stops. Days already over cannot be picked.
 */
export function ExpiryField() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const timeZone = tenant?.tenant.timezoneCode ?? "UTC";
  const form = Form.useFormInstance();
  const choice = Form.useWatch("expiry", form);
  const pickerLocale = usePickerLocale();
  const over = (day: PickedDate) => {
    const { year, month, day: date } = pickedDay(day);
    return endOfDayIn(timeZone, year, month, date).getTime() <= Date.now();
  };
  return (
    <Form.Item
      label={t("apiKeys:create.expiry")}
      // The label names the choice: its Select is the inner item's control, id "expiry".
      htmlFor="expiry"
      required
      extra={choice === "date" ? t("apiKeys:create.expiryDateHelp", { timeZone }) : undefined}
    >
      <Flex gap={8} wrap>
        <Form.Item name="expiry" noStyle>
          <Select
            style={{ flex: "1 1 160px" }}
            data-testid="api-key-expiry"
            options={EXPIRY_CHOICES.map((value) => ({
              value,
              label: t(`apiKeys:create.expiryChoice.${value}`),
            }))}
          />
        </Form.Item>
        {choice === "date" && (
          <Form.Item
            name="expiryDate"
            noStyle
            rules={[{ required: true, message: t("apiKeys:create.expiryDateRequired") }]}
          >
            <DatePicker
              locale={pickerLocale}
              disabledDate={over}
              style={{ flex: "1 1 160px" }}
              placeholder={t("apiKeys:create.expiryDate")}
              data-testid="api-key-expiry-date"
            />
          </Form.Item>
        )}
      </Flex>
    </Form.Item>
  );
}
