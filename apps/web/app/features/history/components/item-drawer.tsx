import type { JobItemView, JobView } from "@nc/contracts/jobs";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { ServiceCode } from "@nc/contracts/services";
import { Drawer, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResultDescriptions, Unbroken } from "../../../shell/components/result-descriptions";
import { useDevice } from "../../../shell/device/use-device";
import { useScreenAtLeast } from "../../../shell/device/use-screen-at-least";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { CheckResult } from "../../detection";
import { useFacetLabel } from "../facet-labels";
import { itemResult } from "../item-facets";
import { facetTone, TAG_COLOURS } from "../tones";

/**
 * One number of a job in full. A checked number is shown with the detection page's result card
 * (so a number reads the same wherever it was checked); a number that was not checked says why.
 * A charged single check links to the transaction that charged it, for those who may read it.
 */
export function ItemDrawer({
  job,
  item,
  onClose,
}: {
  job: JobView;
  item: JobItemView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { can } = useTenantAccess();
  const wide = useScreenAtLeast("s", !useDevice().phone);
  const label = useFacetLabel(job.service);
  const result = item ? itemResult(item) : null;

  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={wide ? 720 : "100%"}
      styles={wide ? undefined : { body: { padding: 12 } }}
      title={item ? (item.e164 ?? item.input) : ""}
      data-testid="item-drawer"
      destroyOnHidden
    >
      {item && (
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          <ResultDescriptions size="small" column={1} bordered>
            <ResultDescriptions.Item label={t("history:item.row")}>{item.seq + 1}</ResultDescriptions.Item>
            <ResultDescriptions.Item label={t("history:item.input")}>
              <Unbroken>{item.input}</Unbroken>
            </ResultDescriptions.Item>
            <ResultDescriptions.Item label={t("history:results.status")}>
              <Tag color={TAG_COLOURS[facetTone("status", item.status)]}>{label("status", item.status)}</Tag>
            </ResultDescriptions.Item>
            {item.rejectReason && (
              <ResultDescriptions.Item label={t("history:item.reason")}>
                {label("rejectReason", item.rejectReason)}
              </ResultDescriptions.Item>
            )}
            {item.status === "failed" && (
              <ResultDescriptions.Item label={t("history:item.reason")}>
                {t("history:item.failedHelp")}
              </ResultDescriptions.Item>
            )}
            {/* A plain condition, not <Can>: Descriptions reads its items from its direct children. */}
            {item.ledgerEntryId && can(ROUTE_PERMISSIONS.accountDetail) && (
              <ResultDescriptions.Item label={t("history:item.charge")}>
                <Link
                  to={to(`/dashboard/account/detail?id=${encodeURIComponent(item.ledgerEntryId)}`)}
                  data-testid="item-charge"
                >
                  {t("history:item.chargeLink")}
                </Link>
              </ResultDescriptions.Item>
            )}
          </ResultDescriptions>
          {result && (
            <CheckResult
              view={{
                jobId: job.id,
                service: job.service as ServiceCode,
                result,
                costMicros: item.costMicros,
                currency: job.currency,
                sandbox: result.sandbox || job.sandbox,
              }}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
