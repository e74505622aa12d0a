import { z } from "zod";
import { NOTICE_PAGE_SIZE_DEFAULT, NOTICE_PAGE_SIZE_MAX } from "./notices";

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
