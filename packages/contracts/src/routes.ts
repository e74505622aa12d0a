import type { Permission } from "./permission-catalog";

/**
 * Permissions each dashboard screen needs (docs/security.md, "Roles and rights inside an
 * organisation"). The web route table and the menu read this; the server enforces the same strings
 * on the endpoints behind each screen.
 */
export const ROUTE_PERMISSIONS = {
  account: ["account:read"],
  accountDetail: ["account_stmt:read"],
  recharge: ["recharge:create"],
  receipt: ["account:read"],
  apiKeys: ["apikey:read"],
  apiUsage: ["apikey_data:read"],
  // The request log is API usage call by call: the same right, and the API's `usage:read` scope.
  apiRequests: ["apikey_data:read"],
  // Webhooks sit on the API keys page: seen with the keys, changed by whoever may make keys.
  webhooks: ["apikey:read"],
  webhooksEdit: ["apikey:create"],
  price: ["special_price:read", "standard_price:read", "dsp_standard_price:read"],
  history: ["detection:read", "dsp_detection:read"],
  detection: ["detection:create", "dsp_service:read"],
  // The organisation's fraud lists: read by whoever checks numbers, changed with tenant:update.
  fraudLists: ["tenant:update", "detection:read", "detection:create"],
  fraudListsEdit: ["tenant:update"],
  roleAdd: ["role:create"],
  roleEdit: ["role:update"],
  memberAdd: ["tenant_user:create"],
  memberEdit: ["tenant_user:update"],
  audit: ["audit:read"],
} as const satisfies Record<string, readonly Permission[]>;
