import type { ApiRequestView } from "@nc/contracts/api-request-log";
import { Button, Card, Flex, Spin, Table, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { latencyText, RequestStatus } from "./request-status";

const code = { fontFamily: "var(--ant-font-family-code, monospace)", wordBreak: "break-all" } as const;

/** The method and the path as asked, in code type: what a developer compares with their own call. */
function Call({ request }: { request: ApiRequestView }) {
  return (
    <Typography.Text style={code}>
      <strong>{request.method}</strong> {request.path}
    </Typography.Text>
  );
}

interface ListProps {
  rows: ApiRequestView[];
  loading: boolean;
  empty: ReactNode;
  onOpen: (request: ApiRequestView) => void;
}

/**
 * The requests, newest first: a table on wider screens, one card each on a phone (the table's
 * path column would run past the edge). A row or card opens the request's details.
 */
export function RequestList({ rows, loading, empty, onOpen }: ListProps) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const time = useTenantDate("medium");
  const open = (request: ApiRequestView) => (
    <Button type="link" size="small" onClick={() => onOpen(request)} data-testid="api-request-open">
      {t("apiRequests:open")}
    </Button>
  );

  if (narrow) {
    if (loading && rows.length === 0) return <Spin style={{ display: "block", margin: "24px auto" }} />;
    if (rows.length === 0) return empty;
    return (
      <Flex vertical gap={8} data-testid="api-request-cards">
        {rows.map((r) => (
          <Card
            key={r.id}
            size="small"
            data-testid="api-request-row"
            styles={{ body: { display: "grid", gap: 6 } }}
          >
            <Flex justify="space-between" align="center" gap={8}>
              <RequestStatus status={r.status} />
              <Typography.Text type="secondary">{time(r.at)}</Typography.Text>
            </Flex>
            <Call request={r} />
            <Typography.Text type="secondary">
              {[
                r.keyName ?? r.keyPrefix ?? t("apiRequests:deletedKey"),
                t("apiRequests:ms", { ms: latencyText(r.latencyMs) }),
                r.errorCode,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Typography.Text>
            <div style={{ marginInlineStart: -8 }}>{open(r)}</div>
          </Card>
        ))}
      </Flex>
    );
  }

  return (
    <Table<ApiRequestView>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: empty }}
      data-testid="api-request-table"
      onRow={(r) => ({ onDoubleClick: () => onOpen(r) })}
      columns={[
        { key: "at", title: t("apiRequests:columns.time"), render: (_v, r) => time(r.at) },
        {
          key: "status",
          title: t("apiRequests:columns.status"),
          render: (_v, r) => <RequestStatus status={r.status} />,
        },
        {
          key: "call",
          title: t("apiRequests:columns.request"),
          render: (_v, r) => (
            <div style={{ maxWidth: 520 }}>
              <Call request={r} />
            </div>
          ),
        },
        {
          key: "key",
          title: t("apiRequests:columns.key"),
          render: (_v, r) => (
            <Flex vertical>
              <span>{r.keyName ?? t("apiRequests:deletedKey")}</span>
              {r.keyPrefix && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.keyPrefix}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: "latency",
          title: t("apiRequests:columns.latency"),
          align: "end",
          render: (_v, r) => t("apiRequests:ms", { ms: latencyText(r.latencyMs) }),
        },
        { key: "code", title: t("apiRequests:columns.errorCode"), render: (_v, r) => r.errorCode ?? "" },
        {
          key: "open",
          title: <VisuallyHidden>{t("apiRequests:open")}</VisuallyHidden>,
          render: (_v, r) => open(r),
        },
      ]}
    />
  );
}
