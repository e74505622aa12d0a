import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/client";
import { notices } from "../../db/schema/index";

/**
 * Notice types. Each has a title and a markdown body under `notices:<type>.title|body` in the
 * server's catalogs, rendered in the reader's language with the stored parameters.
 */
export const NOTICE_TYPES = ["invitation_accepted", "member_removed", "role_changed"] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export interface NewNotice {
  tenantId: string;
  /** One member, or every member of the organisation when left out. */
  userId?: string | null;
  type: NoticeType;
  params?: Record<string, string | number>;
}

/** The one way any feature tells members something (later: detection finished, low balance...). */
export function noticeService(db: Db) {
  return {
    async notify(notice: NewNotice): Promise<string> {
      const id = uuidv7();
      await db.insert(notices).values({
        id,
        tenantId: notice.tenantId,
        userId: notice.userId ?? null,
        type: notice.type,
        params: notice.params ?? {},
      });
      return id;
    },
  };
}

export type NoticeService = ReturnType<typeof noticeService>;
