import { DownloadOutlined } from "@ant-design/icons";
import type { JobItemFilter } from "@nc/contracts/jobs";
import { App, Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import type { JobScope } from "../../job";
import { type ResultDownload, useDownloadResults } from "../../job";

/**
 * The job's files: the results as filtered on screen (CSV, XLSX) and, when some rows were not
 * checked, those rows with the reason.
 */
export function DownloadButtons({
  tenantId,
  jobId,
  filter,
  hasRejected,
  scope,
}: {
  tenantId: string;
  jobId: string;
  filter: JobItemFilter;
  hasRejected: boolean;
  scope?: JobScope;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useLocale();
  const narrow = useNarrow();
  const download = useDownloadResults(tenantId, locale, jobId);
  const start = (d: ResultDownload) =>
    download
      .mutateAsync(d)
      .then(() => message.success(t("history:download.started")))
      .catch((error: unknown) => showApiError(error, t, message));
  const busy = (format: string, rejected: boolean) =>
    download.isPending &&
    download.variables?.format === format &&
    Boolean(download.variables.rejected) === rejected;

  const buttons: { key: string; label: string; d: ResultDownload }[] = [
    { key: "csv", label: t("history:download.csv"), d: { format: "csv", filter, scope } },
    { key: "xlsx", label: t("history:download.xlsx"), d: { format: "xlsx", filter, scope } },
  ];
  if (hasRejected)
    buttons.push(
      {
        key: "rejected-csv",
        label: t("history:download.rejectedCsv"),
        d: { format: "csv", rejected: true, scope },
      },
      {
        key: "rejected-xlsx",
        label: t("history:download.rejectedXlsx"),
        d: { format: "xlsx", rejected: true, scope },
      },
    );

  return (
    <div
      style={
        narrow
          ? { display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8 }
          : { display: "flex", flexWrap: "wrap", gap: 8 }
      }
    >
      {buttons.map((b) => (
        <Button
          key={b.key}
          icon={<DownloadOutlined />}
          loading={busy(b.d.format, Boolean(b.d.rejected))}
          onClick={() => start(b.d)}
          data-testid={`download-${b.key}`}
        >
          {b.label}
        </Button>
      ))}
    </div>
  );
}
