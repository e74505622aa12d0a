import type { OperatorAuditPage } from "@nc/contracts/operator";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const OPERATOR_AUDIT_PAGE_SIZE = 50;

/** GET /api/operator/audit: operators' actions, newest first, described in the reader's language. */
export const getOperatorAudit = (cursor?: string | null) =>
  api<OperatorAuditPage>("/api/operator/audit", {
    query: { cursor: cursor ?? undefined, limit: OPERATOR_AUDIT_PAGE_SIZE },
  });

export const operatorAuditQuery = (locale: string) =>
  infiniteQueryOptions({
    // The summaries come in the reader's language: another language is another list.
    queryKey: ["operator", "audit", locale],
    queryFn: ({ pageParam }) => getOperatorAudit(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOperatorAudit = (locale: string) => useInfiniteQuery(operatorAuditQuery(locale));
