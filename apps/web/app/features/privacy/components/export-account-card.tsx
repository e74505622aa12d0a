import { PERSONAL_EXPORT_LIMITS } from "@nc/contracts/privacy";
import { App, Button, Card, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useExportAccount } from "../api/export-account";
import { ConfirmIdentityModal } from "./confirm-identity-modal";

/**
 * Downloading one's own data (profile page): profile, organisations, sessions and what the person
 * did, as one JSON file, after confirming it is them (docs/security.md, "Privacy: export and deletion").
 */
export function ExportAccountCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  const download = useExportAccount(locale);
  return (
    <Card title={t("privacy:own.title")}>
      <Typography.Paragraph type="secondary">
        {t("privacy:own.text", { max: PERSONAL_EXPORT_LIMITS.auditEvents })}
      </Typography.Paragraph>
      <Button onClick={() => setOpen(true)} data-testid="export-account">
        {t("privacy:own.submit")}
      </Button>
      <ConfirmIdentityModal
        open={open}
        title={t("privacy:own.title")}
        okText={t("privacy:own.submit")}
        testId="export-account-dialog"
        onCancel={() => setOpen(false)}
        onConfirm={async (proof) => {
          await download.mutateAsync(proof);
          setOpen(false);
          void message.success(t("privacy:own.done"));
        }}
      />
    </Card>
  );
}
