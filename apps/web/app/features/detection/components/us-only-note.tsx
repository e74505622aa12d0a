import { type ServiceCode, serviceOf } from "@nc/contracts/services";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";

/**
 * Before a customer pays: a service sold for United States numbers only (its descriptor charges
 * "us", the caller name) answers any other number "not applicable", free (docs/providers.md,
 * "Caller name"). Shown above the single, list and file forms alike.
 */
export function UsOnlyNote({ service }: { service: ServiceCode }) {
  const { t } = useTranslation();
  if (serviceOf(service).charges !== "us") return null;
  return <Alert type="info" showIcon data-testid="detection-us-only" title={t("detection:usOnly")} />;
}
