import { Tag } from "antd";

/** The HTTP status as a tag: green for a success, orange for a refusal (4xx), red for a failure. */
export function RequestStatus({ status }: { status: number }) {
  const color = status >= 500 ? "error" : status >= 400 ? "warning" : "success";
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }} data-testid="api-request-status">
      {status}
    </Tag>
  );
}

/** Milliseconds as the log shows them: whole numbers from 10 ms, one decimal below. */
export const latencyText = (ms: number) => (ms >= 10 ? Math.round(ms) : Math.round(ms * 10) / 10);
