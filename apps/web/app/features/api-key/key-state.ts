import type { ApiKeyView } from "@nc/contracts/api-keys";

/** Revoked and expired keys no longer work: the list greys them and offers no actions. */
export const isClosed = (key: ApiKeyView) => key.status === "revoked" || key.status === "expired";

/** Keys that work (or still do, in a roll's grace period) first, each group newest first as sent. */
export const openFirst = (keys: readonly ApiKeyView[]) =>
  [...keys].sort((a, b) => Number(isClosed(a)) - Number(isClosed(b)));

/** What counts against API_KEYS_MAX: the same keys the server counts. */
export const openCount = (keys: readonly ApiKeyView[]) => keys.filter((k) => !isClosed(k)).length;
