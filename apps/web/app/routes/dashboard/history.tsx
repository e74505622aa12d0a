import { Alert, Button, Card, Segmented, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HistoryCards } from "../../features/history/components/history-cards";
import { HistoryEmpty } from "../../features/history/components/history-empty";
import { HistoryFilterBar } from "../../features/history/components/history-filters";
import { HistoryTable } from "../../features/history/components/history-table";
import { type HistoryFilters, useHistory } from "../../features/job/api/history";
import { LoadMore } from "../../shell/components/load-more";
import { useNarrow } from "../../shell/device/use-narrow";
import { errorText } from "../../shell/forms/api-error-feedback";
import { listLoading } from "../../shell/http/filtered-list";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/** History: every single check and bulk job of the organisation, newest first, with filters. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [partner, setPartner] = useState(false);
  const list = useHistory(tenantId, { ...filters, scope: partner ? "partner" : undefined });
  // The server says whether this member is partner staff (dsp_detection:read in the partner's
  // staff organisation); only then is there a second view to switch to.
  const partnerView = list.data?.pages[0]?.partnerView ?? false;
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const narrow = useNarrow();
  const empty = <HistoryEmpty filtered={Object.values(filters).some(Boolean)} />;

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 0 }}>
        {t("history:title")}
      </Typography.Title>
      <Card styles={narrow ? { body: { padding: 12 } } : undefined}>
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          {(partnerView || partner) && (
            <Segmented<"own" | "partner">
              data-testid="history-scope"
              value={partner ? "partner" : "own"}
              onChange={(value) => setPartner(value === "partner")}
              options={[
                { value: "own", label: t("history:scope.own") },
                { value: "partner", label: t("history:scope.partner") },
              ]}
            />
          )}
          <HistoryFilterBar tenantId={tenantId} onChange={setFilters} />
          {list.isError ? (
            <Alert
              type="error"
              showIcon
              title={errorText(list.error, t)}
              action={<Button onClick={() => list.refetch()}>{t("history:list.retry")}</Button>}
              data-testid="history-error"
            />
          ) : (
            <>
              {narrow ? (
                <HistoryCards rows={rows} loading={listLoading(list)} empty={empty} partner={partner} />
              ) : (
                <HistoryTable rows={rows} loading={listLoading(list)} empty={empty} partner={partner} />
              )}
              <LoadMore
                list={list}
                shown={rows.length}
                moreLabel={t("history:list.loadMore")}
                endLabel={t("history:list.end")}
                testId="history-load-more"
                marginTop={0}
              />
            </>
          )}
        </Space>
      </Card>
    </Space>
  );
}
