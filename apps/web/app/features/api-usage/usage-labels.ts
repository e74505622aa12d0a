import type { UsageByKey } from "@nc/contracts/api-usage";
import { SERVICES } from "@nc/contracts/services";
import { useTranslation } from "react-i18next";
import type { Tone } from "../history";

/** An HTTP status as the reader thinks of it: 2xx went through, 4xx was refused, 5xx failed. */
export function statusTone(status: number): Tone {
  if (status >= 200 && status < 300) return "success";
  if (status >= 500) return "error";
  return "warning";
}

const STATUS_CLASS: Record<Tone, string> = {
  success: "apiUsage:statusClass.success",
  warning: "apiUsage:statusClass.refused",
  error: "apiUsage:statusClass.failed",
  info: "apiUsage:statusClass.refused",
  neutral: "apiUsage:statusClass.refused",
};

/** How keys, services and statuses are named on the usage page, in the page's language. */
export function useUsageLabels() {
  const { t } = useTranslation();
  return {
    /** A key by its name and visible end; a deleted key by the start of its id. */
    key: (k: Pick<UsageByKey, "apiKeyId" | "name" | "last4">) =>
      k.name === null
        ? t("apiUsage:deletedKey", { id: k.apiKeyId.slice(0, 8) })
        : k.last4
          ? `${k.name} (…${k.last4})`
          : k.name,
    /** A service by its name; "" is a call that named none; a code this page does not know, as sent. */
    service: (code: string) => {
      if (code === "") return t("apiUsage:noService");
      const s = SERVICES.find((known) => known.code === code);
      return s ? t(`services:${s.code}.name`) : code;
    },
    status: (status: number) => t(STATUS_CLASS[statusTone(status)], { status }),
  };
}
