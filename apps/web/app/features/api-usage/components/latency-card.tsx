import type { EndpointLatency } from "@nc/contracts/api-usage";
import { Card, Table, type TableColumnsType, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useUsageFormat } from "../use-usage-format";
import { nowrap } from "./nowrap";

/** The histogram's range (ms): the track runs on a log scale from its first to its last bound. */
const LOW = 1;
const HIGH = 10_000;
const position = (ms: number) =>
  (Math.log10(Math.min(Math.max(ms, LOW), HIGH) / LOW) / Math.log10(HIGH / LOW)) * 100;

/** p50 to p99 of one endpoint on a log track: the typical call as a dot, the slow tail as a band. */
function LatencyTrack({ p50, p90, p99 }: { p50: number; p90: number; p99: number }) {
  const { cssVar } = theme.useToken();
  return (
    <div aria-hidden style={{ position: "relative", height: 12, minWidth: 140 }}>
      <div
        style={{
          position: "absolute",
          top: 5,
          left: 0,
          right: 0,
          height: 2,
          borderRadius: 1,
          background: cssVar.colorFillSecondary,
        }}
      />
      <div
        style={{
          position: "absolute",
          top: 3,
          height: 6,
          borderRadius: 3,
          left: `${position(p50)}%`,
          width: `${Math.max(position(p99) - position(p50), 1)}%`,
          background: cssVar.colorPrimaryBorder,
        }}
      />
      <div
        style={{
          position: "absolute",
          top: 3,
          height: 6,
          width: 2,
          left: `${position(p90)}%`,
          background: cssVar.colorPrimaryHover,
        }}
      />
      <div
        style={{
          position: "absolute",
          top: 1,
          width: 10,
          height: 10,
          marginLeft: -5,
          borderRadius: 5,
          left: `${position(p50)}%`,
          background: cssVar.colorPrimary,
          border: `2px solid ${cssVar.colorBgContainer}`,
        }}
      />
    </div>
  );
}

/** On a phone the percentiles need the room: calls stay in the endpoint breakdown above. */
const PHONE_HIDDEN = new Set(["calls", "track"]);

/** Latency percentiles per endpoint, slowest tail first catches the eye: a table with a log track. */
export function LatencyCard({ rows }: { rows: EndpointLatency[] }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const f = useUsageFormat();
  const columns: TableColumnsType<EndpointLatency> = [
    {
      key: "endpoint",
      title: t("apiUsage:latency.endpoint"),
      render: (_v, r) => (
        // On a phone the path may break after the method, so the percentiles fit beside it.
        <Typography.Text
          code
          style={narrow ? { fontSize: 12, wordBreak: "break-word" } : { whiteSpace: "nowrap" }}
        >
          {r.endpoint}
        </Typography.Text>
      ),
    },
    { key: "calls", title: t("apiUsage:latency.calls"), align: "right", render: (_v, r) => f.count(r.calls) },
    { key: "p50", title: "p50", align: "right", render: (_v, r) => nowrap(f.ms(r.p50)) },
    { key: "p90", title: "p90", align: "right", render: (_v, r) => nowrap(f.ms(r.p90)) },
    { key: "p99", title: "p99", align: "right", render: (_v, r) => nowrap(f.ms(r.p99)) },
    {
      key: "track",
      title: t("apiUsage:latency.range"),
      width: "32%",
      render: (_v, r) =>
        r.p50 !== null && r.p90 !== null && r.p99 !== null ? (
          <LatencyTrack p50={r.p50} p90={r.p90} p99={r.p99} />
        ) : null,
    },
  ];
  return (
    <Card
      size="small"
      title={t("apiUsage:latency.title")}
      extra={
        !narrow && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("apiUsage:latency.note")}
          </Typography.Text>
        )
      }
      styles={{ body: { padding: 0 } }}
    >
      <Table<EndpointLatency>
        rowKey="endpoint"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: true }}
        data-testid="usage-latency"
        locale={{ emptyText: t("apiUsage:breakdown.empty") }}
        columns={columns.filter((c) => !narrow || !PHONE_HIDDEN.has(String(c.key)))}
      />
    </Card>
  );
}
