import type { ApiRequestView } from "@nc/contracts/api-request-log";
import { Descriptions, Drawer, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { latencyText, RequestStatus } from "./request-status";

const code = { fontFamily: "var(--ant-font-family-code, monospace)", wordBreak: "break-all" } as const;

/** Every field the log keeps of one request; the request id copies with one click, for support. */
export function RequestDrawer({ request, onClose }: { request: ApiRequestView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const time = useTenantDate("medium");
  const none = t("apiRequests:none");
  const text = (value: ReactNode) => (value === null || value === undefined || value === "" ? none : value);
  const r = request;
  return (
    <Drawer
      open={r !== null}
      onClose={onClose}
      size={narrow ? "100%" : 560}
      title={t("apiRequests:details.title")}
      destroyOnHidden
      data-testid="api-request-drawer"
    >
      {r && (
        <Descriptions column={1} size="small" bordered={!narrow} layout={narrow ? "vertical" : "horizontal"}>
          <Descriptions.Item label={t("apiRequests:details.requestId")}>
            {r.requestId ? (
              <Typography.Text
                style={code}
                copyable={{
                  text: r.requestId,
                  tooltips: [t("apiRequests:details.copyId"), t("apiRequests:details.copied")],
                }}
                data-testid="api-request-id"
              >
                {r.requestId}
              </Typography.Text>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:columns.time")}>{time(r.at)}</Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:details.method")}>{r.method}</Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:details.path")}>
            <Typography.Text style={code}>{r.path}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:details.endpoint")}>
            <Typography.Text style={code}>{r.endpoint}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:columns.status")}>
            <RequestStatus status={r.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:columns.errorCode")}>
            {text(r.errorCode)}
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:columns.latency")}>
            {t("apiRequests:ms", { ms: latencyText(r.latencyMs) })}
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:columns.key")}>
            {r.keyName ?? t("apiRequests:deletedKey")}
            {r.keyPrefix && (
              <>
                {" "}
                <Typography.Text type="secondary" style={code}>
                  {r.keyPrefix}
                </Typography.Text>
              </>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:details.keyId")}>
            <Typography.Text style={code}>{r.keyId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:details.idempotencyKey")}>
            {r.idempotencyKey ? <Typography.Text style={code}>{r.idempotencyKey}</Typography.Text> : none}
          </Descriptions.Item>
          <Descriptions.Item label={t("apiRequests:details.service")}>{text(r.service)}</Descriptions.Item>
        </Descriptions>
      )}
      {r && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t("apiRequests:details.noBodies")}
        </Typography.Paragraph>
      )}
    </Drawer>
  );
}
