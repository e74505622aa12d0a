import { z } from "zod";

/** Notices inside an organisation (docs/architecture.md, "Organisations and access"; docs/architecture.md, "Decisions and why", Notices). */
export const NOTICE_POLL_INTERVAL_MS = 10_000;
export const NOTICE_PAGE_SIZE_DEFAULT = 20;
export const NOTICE_PAGE_SIZE_MAX = 100;

/** A whole number within bounds, from a query string value. */
const boundedInt = (min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .refine((n) => n >= min && n <= max, { error: "out_of_range" });

/** GET /api/tenant/notice: `unread=1` keeps the unread ones only. */
export const noticeListQuery = z.object({
  page: boundedInt(1, 1_000_000).default(1),
  pageSize: boundedInt(1, NOTICE_PAGE_SIZE_MAX).default(NOTICE_PAGE_SIZE_DEFAULT),
  unread: z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});
export type NoticeListQuery = z.input<typeof noticeListQuery>;

/** One notice, rendered in the caller's language; `content` is markdown whose only markup is links. */
export interface NoticeItem {
  id: string;
  type: string;
  title: string;
  content: string;
  createdAt: string;
  read: boolean;
}

export interface NoticePage {
  data: NoticeItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface NoticeUnreadCount {
  unreadCount: number;
}
