import { Transfer, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { permissionLabel } from "../../../shell/tenant/permission-label";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { usePermissionCatalog } from "../api/roles";
import { transferCount } from "../transfer-count";

export const TRANSFER_WIDTH = 440;

/**
 * Picks permissions from the organisation's catalogue: available on the left, granted on the right
 * (spec: 440 px); partner-only rights appear only in the partner's staff organisation.
 * Permissions the user does not hold are greyed out: the server lets nobody grant them
 * (docs/security.md, roles and rights).
 */
export function PermissionTransfer(props: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { tenant, canGrant } = useTenantAccess();
  const catalog = usePermissionCatalog(tenant?.tenant.id ?? "");
  // What the organisation's roles may hold, and whatever the role already holds beyond it.
  const offered = catalog.data?.permissions ?? [];
  const keys = [...offered, ...(props.value ?? []).filter((key) => !offered.includes(key))];
  const data = keys.map((key) => ({
    key,
    title: permissionLabel(t, key),
    description: key,
    disabled: !canGrant({ super: false, permissions: [key] }),
  }));
  const someNotYours = data.some((item) => item.disabled);
  const countLabel = transferCount(t);
  return (
    <div id={props.id} style={{ width: TRANSFER_WIDTH, maxWidth: "100%" }} data-testid="permission-transfer">
      <Transfer
        dataSource={data}
        // undefined, not false, while loaded: a locked form keeps the control disabled.
        disabled={catalog.isPending || undefined}
        targetKeys={props.value ?? []}
        onChange={(keys) => props.onChange?.(keys.map(String))}
        render={(item) => item.title}
        showSearch
        filterOption={(input, item) =>
          `${item.title} ${item.description}`.toLowerCase().includes(input.toLowerCase())
        }
        titles={[t("tenant:roles.available"), t("tenant:roles.granted")]}
        styles={{ section: { width: "100%", height: 360 } }}
        locale={{ searchPlaceholder: t("tenant:roles.search") }}
        selectAllLabels={[countLabel, countLabel]}
      />
      {someNotYours && (
        <Typography.Text type="secondary" data-testid="permissions-not-yours">
          {t("tenant:roles.notYours")}
        </Typography.Text>
      )}
    </div>
  );
}
