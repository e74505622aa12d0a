import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { searchCustomers } from "../api/customers";

/** Picks one organisation found by name, owner e-mail or id (the customers search, first page). */
export function CustomerPicker({
  value,
  valueLabel,
  onChange,
}: {
  value: string | null;
  /** The chosen organisation's name, when known, so the box does not show a bare id. */
  valueLabel?: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState("");
  const found = useQuery({
    queryKey: ["operator", "customers", "pick", q],
    queryFn: () => searchCustomers(q),
  });
  const options = (found.data?.items ?? []).map((c) => ({
    value: c.id,
    label: c.ownerEmail ? `${c.name} · ${c.ownerEmail}` : c.name,
  }));
  if (value && valueLabel && !options.some((o) => o.value === value))
    options.unshift({ value, label: valueLabel });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (text) => setQ(text.trim()) }}
      value={value ?? undefined}
      placeholder={t("operatorSetup:prices.customerPlaceholder")}
      aria-label={t("operatorSetup:prices.customer")}
      loading={found.isFetching}
      options={options}
      onChange={onChange}
      notFoundContent={t("operatorSetup:prices.noCustomer")}
      style={{ width: "100%", maxWidth: 420 }}
      data-testid="price-customer"
    />
  );
}
