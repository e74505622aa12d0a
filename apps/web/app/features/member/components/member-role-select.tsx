import type { MemberRole } from "@nc/contracts/members";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { roleName } from "../../role";
import { useMemberRoles } from "../api/member-roles";

/**
 * Picks one of the organisation's roles. Only the roles the user may hand out are offered: those
 * whose every permission the user holds, and Owner only for an owner (the server refuses the
 * others too; docs/security.md, roles and rights). The member's current role stays visible.
 */
export function MemberRoleSelect(props: {
  value?: string;
  onChange?: (roleId: string) => void;
  id?: string;
  disabled?: boolean;
  loading?: boolean;
  /** Shown while the role list loads or when it cannot be read. */
  current?: MemberRole;
  placeholder?: string;
  style?: React.CSSProperties;
  "data-testid"?: string;
  /** The name where no form label points at it (a row of the members table). */
  "aria-label"?: string;
}) {
  const { t } = useTranslation();
  const { tenant, can, canGrant } = useTenantAccess();
  const enabled = can(["tenant_user:create", "tenant_user:update"]);
  const roles = useMemberRoles(tenant?.tenant.id ?? "", enabled);
  const offered = (roles.data ?? []).filter((role) => canGrant(role) || role.id === props.value);
  const list: MemberRole[] = roles.data ? offered : props.current ? [props.current] : [];
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      loading={props.loading || roles.isFetching}
      placeholder={props.placeholder}
      style={{ minWidth: 160, ...props.style }}
      data-testid={props["data-testid"]}
      aria-label={props["aria-label"]}
      options={list.map((role) => ({
        value: role.id,
        label: roleName(role, t),
        disabled: !roles.data?.some((r) => r.id === role.id && canGrant(r)),
      }))}
    />
  );
}
