import type { TenantSummary } from "@nc/contracts/tenancy";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { PurgeDate } from "../../privacy";
import { roleName } from "../../role";

/**
 * The line under an organisation's name in the lists of one's organisations (tenant selection and
 * the profile): the person's role, the time zone where it helps to choose, and the purge date of
 * one being deleted.
 */
export function TenantListDescription({ item, timezone }: { item: TenantSummary; timezone?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {timezone ? `${roleName(item.role, t)} · ${item.timezoneCode}` : roleName(item.role, t)}
      <PurgeDate at={item.purgeAfter} />
    </Space>
  );
}
