import type { JobItemFilter, JobSummaryView } from "@nc/contracts/jobs";
import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import type { Facet } from "../facet-labels";
import { FacetBars } from "./facet-bars";

/** The charts in the order they are read; rejectReason says why rows were not checked. */
const CHARTS: { facet: Facet; filter?: keyof JobItemFilter }[] = [
  { facet: "status", filter: "status" },
  { facet: "outcome", filter: "outcome" },
  { facet: "lineType", filter: "lineType" },
  { facet: "country", filter: "country" },
  { facet: "carrier", filter: "carrier" },
  { facet: "risk", filter: "risk" },
  { facet: "rejectReason" },
];

/**
 * The job's summary as bar lists. A facet with no known value at all (risk of a service without a
 * fraud score, reasons when nothing was rejected) is left out rather than shown as one empty bar.
 */
export function SummaryCharts({
  summary,
  service,
  filter,
  onSelect,
}: {
  summary: JobSummaryView;
  service: string;
  filter: JobItemFilter;
  onSelect: (key: keyof JobItemFilter, value: string) => void;
}) {
  const { t } = useTranslation();
  const shown = CHARTS.filter(({ facet }) => summary[facet].some((c) => c.value !== null));
  return (
    <Row gutter={[16, 16]} data-testid="job-summary">
      {shown.map(({ facet, filter: key }) => (
        <Col key={facet} xs={24} sm={12} lg={8}>
          <FacetBars
            facet={facet}
            title={t(`history:summary.${facet}`)}
            counts={summary[facet]}
            service={service}
            selected={key ? (filter[key] as string | undefined) : undefined}
            onSelect={key ? (value) => onSelect(key, value) : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}
