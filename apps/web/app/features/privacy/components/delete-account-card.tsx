import { Button, Card, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { ACCOUNT_DELETED_PARAM } from "../account-deleted-param";
import { useDeleteAccount } from "../api/delete-account";
import { ConfirmIdentityModal } from "./confirm-identity-modal";

/**
 * Deleting one's own account (profile page). The server refuses while the person is the last
 * owner of an organisation and names them; the dialog shows that message. Done, the sign-in page
 * says until when the account can be restored.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
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
          const done = await remove.mutateAsync(proof);
          setOpen(false);
          // The sessions ended: a full load shows the signed-out site, whose sign-in page says
          // until when signing in again restores the account.
          window.location.assign(
            `${to("/login")}?${ACCOUNT_DELETED_PARAM}=${encodeURIComponent(done.purgeAfter)}`,
          );
        }}
      />
    </Card>
  );
}
