import type { JobItemView } from "@nc/contracts/jobs";
import { formatMoney } from "@nc/contracts/money";
import { isServiceCode, serviceOf } from "@nc/contracts/services";
import { Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFocusableScroll } from "../../../shell/components/use-focusable-scroll";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useFacetLabel } from "../facet-labels";
import { itemFacets } from "../item-facets";
import { facetTone, TAG_COLOURS } from "../tones";

/** The job's numbers, one row each; a row (or its number, for keyboards) opens the full result. */
export function ResultTable({
  items,
  service,
  currency,
  loading,
  onOpen,
}: {
  items: JobItemView[];
  service: string;
  currency: string;
  loading: boolean;
  onOpen: (item: JobItemView) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const label = useFacetLabel(service);
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  const columns: ColumnsType<JobItemView> = [
    {
      key: "row",
      title: t("history:results.row"),
      width: 64,
      render: (_v, r) => (
        <Typography.Text type="secondary">{(r.seq + 1).toLocaleString(locale)}</Typography.Text>
      ),
    },
    {
      key: "number",
      title: t("history:results.number"),
      render: (_v, r) => (
        <Typography.Link
          onClick={(e) => {
            e.stopPropagation();
            onOpen(r);
          }}
          style={{ whiteSpace: "nowrap" }}
          data-testid="result-open"
        >
          {r.e164 ?? r.input}
        </Typography.Link>
      ),
    },
    {
      key: "status",
      title: t("history:results.status"),
      render: (_v, r) => (
        <Tag color={TAG_COLOURS[facetTone("status", r.status)]}>{label("status", r.status)}</Tag>
      ),
    },
    {
      key: "outcome",
      title: t("history:summary.outcome"),
      render: (_v, r) => {
        if (r.status === "rejected" && r.rejectReason)
          return <Typography.Text type="secondary">{label("rejectReason", r.rejectReason)}</Typography.Text>;
        const { outcome } = itemFacets(service, r);
        return outcome ? (
          <Tag color={TAG_COLOURS[facetTone("outcome", outcome)]}>{label("outcome", outcome)}</Tag>
        ) : (
          dash
        );
      },
    },
    {
      key: "lineType",
      title: t("history:summary.lineType"),
      render: (_v, r) => {
        const { lineType } = itemFacets(service, r);
        return lineType ? label("lineType", lineType) : dash;
      },
    },
    {
      key: "country",
      title: t("history:summary.country"),
      render: (_v, r) => {
        const { country } = itemFacets(service, r);
        return country ? <span style={{ whiteSpace: "nowrap" }}>{label("country", country)}</span> : dash;
      },
    },
    {
      key: "carrier",
      title: t("history:summary.carrier"),
      render: (_v, r) => itemFacets(service, r).carrier ?? dash,
    },
    // Only services whose answer carries a fraud score get a risk column.
    ...(isServiceCode(service) && serviceOf(service).needs.fraud
      ? [
          {
            key: "risk",
            title: t("history:summary.risk"),
            render: (_v: unknown, r: JobItemView) => {
              const { risk } = itemFacets(service, r);
              return risk ? (
                <Tag color={TAG_COLOURS[facetTone("risk", risk)]}>{label("risk", risk)}</Tag>
              ) : (
                dash
              );
            },
          },
        ]
      : []),
    {
      key: "cost",
      title: t("history:results.cost"),
      align: "right",
      render: (_v, r) => (
        <span style={{ whiteSpace: "nowrap" }}>{formatMoney(r.costMicros, currency, locale)}</span>
      ),
    },
  ];

  const scrollBox = useRef<HTMLDivElement>(null);
  useFocusableScroll(scrollBox, t("history:results.title"));

  return (
    <div ref={scrollBox}>
      <Table<JobItemView>
        rowKey="seq"
        size="small"
        loading={loading}
        dataSource={items}
        columns={columns}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("history:results.empty") }}
        onRow={(r) => ({ onClick: () => onOpen(r), style: { cursor: "pointer" } })}
        data-testid="result-table"
      />
    </div>
  );
}
