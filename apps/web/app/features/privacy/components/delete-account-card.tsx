import { App, Button, Card, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useDeleteAccount } from "../api/delete-account";
import { ConfirmIdentityModal } from "./confirm-identity-modal";

/**
 * Deleting one's own account (profile page). The server refuses while the person is the last
 * owner of an organisation and names them; the dialog shows that message.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { to } = useLocale();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Card title={t("privacy:account.title")}>
      <Typography.Paragraph type="secondary">{t("privacy:account.text")}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)} data-testid="delete-account">
        {t("privacy:account.submit")}
      </Button>
      <ConfirmIdentityModal
        open={open}
        title={t("privacy:account.confirmTitle")}
        okText={t("privacy:account.submit")}
        danger
        testId="delete-account-dialog"
        onCancel={() => setOpen(false)}
        onConfirm={async (proof) => {
          await remove.mutateAsync(proof);
          setOpen(false);
          void message.success(t("privacy:account.deleted"));
          // The session ended with the account: a full load shows the signed-out site.
          window.location.assign(to("/login"));
        }}
      />
    </Card>
  );
}
