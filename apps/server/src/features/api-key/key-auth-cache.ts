import { type ChangeCache, changeCache } from "../../db/change-cache";
import type { Database } from "../../db/client";
import { type ApiKeyAuthRow, apiKeyRepo } from "./api-key-repo";

/**
 * API keys by look-up prefix, with their organisation's status and time zone, as every public API
 * call needs them: read once per process, dropped on any change to keys or organisations
 * (revoke, roll, suspend), so a revoked key stops on its next request in every process.
 */
export const keyAuthCache = (database: Database): ChangeCache<ApiKeyAuthRow> =>
  changeCache(database.changes, "api_key_auth", apiKeyRepo(database.db).forAuth);
