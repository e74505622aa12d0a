import { Checkbox, Typography, theme } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { permissionLabel } from "../../../shell/tenant/permission-label";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { usePermissionCatalog } from "../api/roles";
import { permissionAreas } from "../permission-areas";
import { transferCount } from "../transfer-count";

// Two or three columns on a wide screen, one on a phone; a list without its bullets.
const PERMISSION_GRID = {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))",
  gap: "12px 24px",
  margin: 0,
  padding: 0,
  listStyle: "none",
} as const;

/**
 * Picks permissions from the organisation's catalogue: one checkbox per permission, named by its
 * label and described by a sentence saying what it allows, grouped by area, in one column on a
 * phone; partner-only rights appear only in the partner's staff organisation.
 * Permissions the user does not hold are greyed out: the server lets nobody grant them
 * (docs/security.md, "Roles and rights inside an organisation").
 */
export function PermissionPicker(props: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const idBase = useId();
  const { tenant, canGrant } = useTenantAccess();
  const catalog = usePermissionCatalog(tenant?.tenant.id ?? "");
  const granted = props.value ?? [];
  // What the organisation's roles may hold, and whatever the role already holds beyond it.
  const offered = catalog.data?.permissions ?? [];
  const keys = [...offered, ...granted.filter((key) => !offered.includes(key))];
  const notYours = (key: string) => !canGrant({ super: false, permissions: [key] });
  const someNotYours = keys.some(notYours);
  const toggle = (key: string, on: boolean) =>
    props.onChange?.(on ? [...granted, key] : granted.filter((held) => held !== key));
  return (
    <div id={props.id} aria-busy={catalog.isPending || undefined} data-testid="permission-picker">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t("tenant:roles.pickIntro")}{" "}
        <span data-testid="permission-count">
          {transferCount(t)({ selectedCount: granted.length, totalCount: keys.length })}
        </span>
      </Typography.Paragraph>
      {someNotYours && (
        <Typography.Paragraph type="secondary" data-testid="permissions-not-yours">
          {t("tenant:roles.notYours")}
        </Typography.Paragraph>
      )}
      {permissionAreas(keys).map((area) => (
        <fieldset
          key={area.key}
          data-testid={`permission-area-${area.key}`}
          style={{
            margin: "0 0 16px",
            padding: "4px 16px 12px",
            minWidth: 0,
            border: `1px solid ${cssVar.colorBorderSecondary}`,
            borderRadius: 8,
          }}
        >
          <legend
            style={{
              padding: "0 6px",
              width: "auto",
              margin: 0,
              border: "none",
              fontSize: 16,
              fontWeight: 600,
              color: cssVar.colorText,
            }}
          >
            {t(`permissions:areas.${area.key}`)}
          </legend>
          <ul style={PERMISSION_GRID}>
            {area.permissions.map((key) => {
              const [resource, action] = key.split(":");
              const allowsId = `${idBase}-${key.replace(":", "-")}`;
              const allows = t(`permissions:allows.${resource}.${action}`, { defaultValue: "" });
              return (
                <li key={key} style={{ minWidth: 0 }}>
                  <Checkbox
                    checked={granted.includes(key)}
                    // undefined, not false, when it may be ticked: a locked form keeps it disabled.
                    disabled={catalog.isPending || notYours(key) || undefined}
                    onChange={(event) => toggle(key, event.target.checked)}
                    aria-describedby={allows ? allowsId : undefined}
                    data-permission={key}
                  >
                    <span style={{ fontWeight: 500 }}>{permissionLabel(t, key)}</span>
                  </Checkbox>
                  {allows && (
                    <div
                      id={allowsId}
                      style={{ marginInlineStart: 24, color: cssVar.colorTextSecondary, fontSize: 13 }}
                    >
                      {allows}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
