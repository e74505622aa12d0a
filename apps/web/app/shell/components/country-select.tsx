import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/use-locale";
import { countryOptions } from "./countries";

/**
 * The default country for national-format numbers, by name in the user's language. It names itself
 * (aria-label) and takes the id its form field gives it, so the field's label points at it too.
 */
export function CountrySelect(props: {
  id?: string;
  value?: string;
  onChange?: (value?: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const options = countryOptions(locale);
  return (
    <Select
      id={props.id}
      aria-label={t("detection:single.defaultCountry")}
      data-testid={props.testId}
      value={props.value}
      onChange={(value) => props.onChange?.(value ?? undefined)}
      allowClear
      showSearch
      optionFilterProp="label"
      options={options}
      placeholder={t("detection:single.noDefaultCountry")}
    />
  );
}
