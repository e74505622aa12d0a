import type { AuditPage } from "@nc/contracts/audit";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";

/** Filters of the audit log and its CSV (days in the organisation's time zone). */
export interface AuditFilters {
  /** The member who acted. */
  actor?: string;
  /** Resources (`api_key`) or actions (`api_key.revoked`). */
  action?: string[];
  from?: string;
  to?: string;
}

/** Query-string form of the filters; actions travel comma-separated. */
export function auditQuery(filters: AuditFilters): Record<string, string | undefined> {
  return {
    actor: filters.actor || undefined,
    action: filters.action?.length ? filters.action.join(",") : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/tenant/audit: one keyset page, newest first, described in the reader's language. */
export const getAuditEvents = (filters: AuditFilters, cursor?: string | null) =>
  api<AuditPage>("/api/tenant/audit", {
    query: { ...auditQuery(filters), limit: AUDIT_PAGE_SIZE, cursor: cursor ?? undefined },
  });

export const auditEventsQuery = (tenantId: string, locale: string, filters: AuditFilters) => {
  // The sentences come in the reader's language: another language is another list.
  const queryKey = ["audit", tenantId, locale, auditQuery(filters)];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getAuditEvents(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

export const useAuditEvents = (tenantId: string, locale: string, filters: AuditFilters) =>
  useInfiniteQuery(auditEventsQuery(tenantId, locale, filters));
