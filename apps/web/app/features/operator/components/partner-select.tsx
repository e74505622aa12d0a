import { Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../../shell/root-data";
import { usePartners } from "../api/partners";
import { siteAddresses } from "../setup/site-addresses";

interface Option {
  value: string;
  label: string;
  host: string;
  /** What a search is matched against: the name and the address, lower case. */
  search: string;
}

/**
 * Picks a partner site from GET /api/operator/partners, searched by name or address, each shown
 * with the address it answers on (setup/site-addresses.ts). `known`: partners to name even when the
 * list is not asked for (`listed` false: an operator without operator.partner:read) or not in yet.
 */
export function PartnerSelect(props: {
  value?: string;
  onChange?: (partnerId: string | undefined) => void;
  /** The accessible name (the field's label, when the select has no visible one of its own). */
  label: string;
  listed: boolean;
  known?: { id: string; name: string }[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  const publicUrl = (useRouteLoaderData("root") as RootData | undefined)?.publicUrl ?? "";
  const partners = usePartners(props.listed);
  const options: Option[] = (partners.data ?? []).map((p) => {
    const host = siteAddresses(p, publicUrl)[0]?.host ?? "";
    return { value: p.id, label: p.name, host, search: `${p.name} ${host}`.toLowerCase() };
  });
  for (const k of props.known ?? [])
    if (!options.some((o) => o.value === k.id))
      options.push({ value: k.id, label: k.name, host: "", search: k.name.toLowerCase() });
  return (
    <Select<string, Option>
      id={props.id}
      value={props.value}
      onChange={(value) => props.onChange?.(value ?? undefined)}
      aria-label={props.label}
      placeholder={props.placeholder ?? t("operatorSetup:partners.pick")}
      allowClear={props.allowClear}
      disabled={props.disabled}
      loading={props.listed && partners.isPending}
      showSearch={{
        filterOption: (input, option) => Boolean(option?.search.includes(input.trim().toLowerCase())),
      }}
      options={options}
      optionRender={({ data }) => (
        <span>
          {data.label}
          {data.host && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {data.host}
            </Typography.Text>
          )}
        </span>
      )}
      notFoundContent={t("operatorSetup:partners.noPartner")}
      // An inline form (the money summary) sizes a field by its content: room for a name and host.
      style={{ width: "100%", minWidth: 240, maxWidth: 420 }}
      data-testid={props["data-testid"]}
    />
  );
}
