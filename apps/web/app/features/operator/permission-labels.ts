import type { OperatorPermission, OperatorPermissionResource, OperatorScope } from "@nc/contracts/operator";
import type { TFunction } from "i18next";

/** Catalogue keys of every operator right (static, so the i18n parity test sees each one). */
export const OPERATOR_PERMISSION_LABEL_KEYS: Record<OperatorPermission, string> = {
  "operator.customer:read": "operator:permissions.operator.customer.read",
  "operator.recharge:read": "operator:permissions.operator.recharge.read",
  "operator.recharge:confirm": "operator:permissions.operator.recharge.confirm",
  "operator.balance:adjust": "operator:permissions.operator.balance.adjust",
  "operator.partner:read": "operator:permissions.operator.partner.read",
  "operator.partner:create": "operator:permissions.operator.partner.create",
  "operator.partner:update": "operator:permissions.operator.partner.update",
  "operator.price:read": "operator:permissions.operator.price.read",
  "operator.price:update": "operator:permissions.operator.price.update",
  "operator.provider:read": "operator:permissions.operator.provider.read",
  "operator.user:read": "operator:permissions.operator.user.read",
  "operator.user:update": "operator:permissions.operator.user.update",
  "operator.operator:read": "operator:permissions.operator.operator.read",
  "operator.operator:grant": "operator:permissions.operator.operator.grant",
  "operator.audit:read": "operator:permissions.operator.audit.read",
};

/** Names of the catalogue's groups (one per resource). */
export const OPERATOR_RESOURCE_LABEL_KEYS: Record<OperatorPermissionResource, string> = {
  "operator.customer": "operator:resources.customer",
  "operator.recharge": "operator:resources.recharge",
  "operator.balance": "operator:resources.balance",
  "operator.partner": "operator:resources.partner",
  "operator.price": "operator:resources.price",
  "operator.provider": "operator:resources.provider",
  "operator.user": "operator:resources.user",
  "operator.operator": "operator:resources.operator",
  "operator.audit": "operator:resources.audit",
};

/** Names of the two reaches an operator can have. */
export const OPERATOR_SCOPE_LABEL_KEYS: Record<OperatorScope, string> = {
  platform: "operator:scope.platform",
  partner: "operator:scope.partner",
};

/** Names of an organisation's states (docs/security.md, privacy); an unknown one is shown as it is. */
const CUSTOMER_STATUS_LABEL_KEYS: Record<string, string> = {
  active: "operator:customer.statuses.active",
  suspended: "operator:customer.statuses.suspended",
  removed: "operator:customer.statuses.removed",
  pending_deletion: "operator:customer.statuses.pending_deletion",
  purging: "operator:customer.statuses.purging",
  deleted: "operator:customer.statuses.deleted",
};

export const customerStatusLabel = (t: TFunction, status: string) => {
  const key = CUSTOMER_STATUS_LABEL_KEYS[status];
  return key ? t(key) : status;
};
