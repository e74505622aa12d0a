import type { RechargeStatus } from "@nc/contracts/recharge";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { STATUS_LABEL_KEYS } from "../labels";

const COLORS: Record<RechargeStatus, string> = {
  pending: "processing",
  paid: "success",
  failed: "error",
  expired: "default",
  cancelled: "default",
};

/** pending, paid, failed, expired, cancelled: one coloured tag each. */
export function RechargeStatusTag({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`recharge-status-${status}`}>
      {t(STATUS_LABEL_KEYS[status])}
    </Tag>
  );
}
