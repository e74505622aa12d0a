import type { ApiRequestView } from "@nc/contracts/api-request-log";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Alert, Card, Flex, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiKeys } from "../../features/api-key";
import { type ApiRequestFilters, useApiRequests } from "../../features/api-request/api/api-requests";
import { RequestDrawer } from "../../features/api-request/components/request-drawer";
import { RequestEmpty } from "../../features/api-request/components/request-empty";
import { RequestFilters } from "../../features/api-request/components/request-filters";
import { RequestList } from "../../features/api-request/components/request-list";
import { LoadMore } from "../../shell/components/load-more";
import { errorText } from "../../shell/forms/api-error-feedback";
import { listLoading } from "../../shell/http/filtered-list";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * API requests: the organisation's public API calls of the last 30 days, one by one, newest
 * first, with their status, time, key and request id (docs/api.md, "Request log").
 */
export default function ApiRequestsPage() {
  const { t } = useTranslation();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const [filters, setFilters] = useState<ApiRequestFilters>({});
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState<ApiRequestView | null>(null);
  const list = useApiRequests(tenantId, filters);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  // The key filter names the organisation's keys when the reader may list them, else the keys seen.
  const keys = useApiKeys(tenantId, can(ROUTE_PERMISSIONS.apiKeys));
  const keyOptions = keys.data
    ? keys.data.map((k) => ({ value: k.id, label: `${k.name} (${k.hint.split("…")[0]})` }))
    : [...new Map(rows.map((r) => [r.keyId, r.keyName ?? r.keyPrefix ?? r.keyId])).entries()].map(
        ([value, label]) => ({ value, label }),
      );
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const clear = () => {
    setFilters({});
    setFormKey((k) => k + 1);
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 4 }}>
          {t("apiRequests:title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("apiRequests:lead")}</Typography.Text>
      </div>
      <Card size="small">
        <RequestFilters key={formKey} keys={keyOptions} onApply={setFilters} />
      </Card>
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error, t)} />
      ) : (
        <div>
          <RequestList
            rows={rows}
            loading={listLoading(list)}
            empty={<RequestEmpty filtered={filtered} searchOn={list.hasNextPage} onClear={clear} />}
            onOpen={setOpen}
          />
          <LoadMore
            list={list}
            shown={rows.length}
            moreLabel={t("apiRequests:loadMore")}
            endLabel={t("apiRequests:end")}
            testId="api-request-more"
          />
        </div>
      )}
      <RequestDrawer request={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
