import type { NoticePage } from "@nc/contracts/notices";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { noticeKeys } from "./keys";

export interface NoticeListParams {
  page: number;
  pageSize: number;
  unread: boolean;
}

/** GET /api/tenant/notice: one page of the caller's notices, newest first (reads data.data). */
export const listNotices = ({ page, pageSize, unread }: NoticeListParams) =>
  api<NoticePage>("/api/tenant/notice", { query: { page, pageSize, unread: unread ? 1 : undefined } });

export const noticesQuery = (tenantId: string, params: NoticeListParams) =>
  queryOptions({
    queryKey: noticeKeys.list(tenantId, params.page, params.pageSize, params.unread),
    queryFn: () => listNotices(params),
  });

export const useNotices = (tenantId: string, params: NoticeListParams, enabled = true) =>
  useQuery({ ...noticesQuery(tenantId, params), enabled, placeholderData: keepPreviousData });
