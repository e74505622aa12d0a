/** Notices inside an organisation (docs/architecture.md, "Organisations and access"; docs/architecture.md, "Decisions and why", Notices). */
export const NOTICE_POLL_INTERVAL_MS = 10_000;
export const NOTICE_PAGE_SIZE_DEFAULT = 20;
export const NOTICE_PAGE_SIZE_MAX = 100;
// The list's query schema is in notice-list-query.ts: the browser loads this module on every
// dashboard page, and a zod schema is built when its module loads (docs/performance.md, "Lighthouse").

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
