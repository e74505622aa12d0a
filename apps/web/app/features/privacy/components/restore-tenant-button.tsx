import type { TenantSummary } from "@nc/contracts/tenancy";
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRestoreTenant } from "../api/restore-tenant";
import { ConfirmIdentityModal } from "./confirm-identity-modal";

/** Cancels an organisation's deletion during its grace period: shown to its owners only. */
export function RestoreTenantButton({ tenant }: { tenant: TenantSummary }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const restore = useRestoreTenant(tenant.tenantId);
  if (tenant.status !== "pending_deletion" || !tenant.super) return null;
  return (
    <>
      <Button
        size="small"
        type="primary"
        onClick={() => setOpen(true)}
        data-testid={`restore-${tenant.name}`}
      >
        {t("privacy:tenant.restore")}
      </Button>
      <ConfirmIdentityModal
        open={open}
        title={t("privacy:tenant.restoreTitle", { name: tenant.name })}
        okText={t("privacy:tenant.restore")}
        testId="restore-tenant-dialog"
        onCancel={() => setOpen(false)}
        onConfirm={async (proof) => {
          await restore.mutateAsync(proof);
          setOpen(false);
          void message.success(t("privacy:tenant.restored", { name: tenant.name }));
        }}
      />
    </>
  );
}
