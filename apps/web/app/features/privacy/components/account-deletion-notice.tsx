import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { ACCOUNT_DELETED_PARAM } from "../account-deleted-param";
import { purgeDay } from "./purge-date";

/**
 * On the sign-in page after one's account was deleted: until when it can still be restored and
 * how (signing in again; docs/security.md, "Privacy: export and deletion"). The day is the UTC
 * one, so the server's page and the browser's agree.
 */
export function AccountDeletionNotice() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [params] = useSearchParams();
  const at = params.get(ACCOUNT_DELETED_PARAM);
  if (!at || Number.isNaN(Date.parse(at))) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="account-deletion-notice"
      message={t("privacy:account.pendingTitle")}
      description={t("privacy:account.pendingText", { date: purgeDay(locale, at, "UTC") })}
    />
  );
}
