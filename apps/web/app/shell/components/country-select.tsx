import { Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/use-locale";
import { countryOption, countryOptions } from "./countries";

/**
 * The default country for national-format numbers, by name in the user's language. It names itself
 * (aria-label) and takes the id its form field gives it, so the field's label points at it too.
 *
 * The list of names is built when the person first focuses or opens the select: the first
 * `Intl.DisplayNames` and `Intl.Collator` load the language's data (40–50 ms on a phone), which
 * hydration would otherwise pay for a list nobody has opened (docs/performance.md, "Less work
 * between the first paint and an interactive page"). Until then only the chosen country is named.
 */
export function CountrySelect(props: {
  id?: string;
  value?: string;
  onChange?: (value?: string) => void;
  testId: string;
  /** What the select is for, when not the default country of national numbers. */
  label?: string;
  placeholder?: string;
  /** False where a country must be chosen. */
  allowClear?: boolean;
  /** The countries offered, when not the default countries of national numbers. */
  codes?: readonly string[];
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [listed, setListed] = useState(false);
  const list = () => setListed(true);
  const options = listed
    ? countryOptions(locale, props.codes)
    : props.value
      ? [countryOption(props.value, locale)]
      : [];
  return (
    <Select
      id={props.id}
      aria-label={props.label ?? t("detection:single.defaultCountry")}
      data-testid={props.testId}
      value={props.value}
      onChange={(value) => props.onChange?.(value ?? undefined)}
      onFocus={list}
      onOpenChange={(open) => open && list()}
      allowClear={props.allowClear ?? true}
      showSearch
      optionFilterProp="label"
      options={options}
      placeholder={props.placeholder ?? t("detection:single.noDefaultCountry")}
    />
  );
}
