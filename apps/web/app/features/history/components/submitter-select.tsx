import { Select } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useMembers } from "../../member";

/**
 * The organisation's members to filter by who submitted. Only rendered for users who may read the
 * member list (tenant_user:read); the server would refuse the list to anyone else.
 */
export function SubmitterSelect({
  tenantId,
  value,
  onChange,
  placeholder,
  style,
}: {
  tenantId: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const members = useMembers(tenantId);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      loading={members.isPending}
      placeholder={placeholder}
      aria-label={t("history:filters.submittedBy")}
      popupMatchSelectWidth={false}
      style={style}
      data-testid="history-filter-submitter"
      options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.name || m.email }))}
    />
  );
}
