import { and, count, desc, eq, gte, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";
import { noticeReads, notices, tenantMembers } from "../../db/schema/index";

/** Whose notices: one member inside one organisation. */
export interface NoticeReader {
  tenantId: string;
  userId: string;
}

export interface NoticeRow {
  id: string;
  type: string;
  params: Record<string, string | number>;
  createdAt: Date;
  read: boolean;
}

/**
 * The notices a member may see: of this organisation, addressed to everyone or to the member, and
 * created since the member joined (someone who joins later does not inherit older news).
 */
function visibleTo(reader: NoticeReader): SQL {
  const joinedAt = sql`(select ${tenantMembers.createdAt} from ${tenantMembers}
    where ${tenantMembers.tenantId} = ${reader.tenantId} and ${tenantMembers.userId} = ${reader.userId})`;
  return and(
    eq(notices.tenantId, reader.tenantId),
    or(isNull(notices.userId), eq(notices.userId, reader.userId)),
    gte(notices.createdAt, joinedAt),
  ) as SQL;
}

/** The reader's own read mark of each notice (null when unread). */
const readMark = (reader: NoticeReader) =>
  and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, reader.userId));

export function noticeRepo(db: Db) {
  return {
    async page(
      reader: NoticeReader,
      options: { unreadOnly: boolean; limit: number; offset: number },
    ): Promise<{ rows: NoticeRow[]; total: number }> {
      const where = and(visibleTo(reader), options.unreadOnly ? isNull(noticeReads.readAt) : undefined);
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: notices.id,
            type: notices.type,
            params: notices.params,
            createdAt: notices.createdAt,
            readAt: noticeReads.readAt,
          })
          .from(notices)
          .leftJoin(noticeReads, readMark(reader))
          .where(where)
          .orderBy(desc(notices.createdAt), desc(notices.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(notices).leftJoin(noticeReads, readMark(reader)).where(where),
      ]);
      return {
        rows: rows.map(({ readAt, ...row }) => ({ ...row, read: readAt !== null })),
        total: Number(totals?.n ?? 0),
      };
    },

    async unreadCount(reader: NoticeReader): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notices)
        .leftJoin(noticeReads, readMark(reader))
        .where(and(visibleTo(reader), isNull(noticeReads.readAt)));
      return Number(row?.n ?? 0);
    },

    /** Marks one notice read; false when the reader may not see it (another tenant's or user's). */
    async markRead(reader: NoticeReader, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.id, id), visibleTo(reader)));
      if (!row) return false;
      await db.insert(noticeReads).values({ noticeId: id, userId: reader.userId }).onConflictDoNothing();
      return true;
    },

    /** Marks every notice the reader sees as read; answers how many were unread. */
    async markAllRead(reader: NoticeReader): Promise<number> {
      const rows = await queryRows<{ notice_id: string }>(
        db,
        sql`insert into ${noticeReads} (notice_id, user_id)
          select ${notices.id}, ${reader.userId}::uuid from ${notices}
          where ${visibleTo(reader)}
            and not exists (select 1 from ${noticeReads} where ${readMark(reader)})
          on conflict do nothing
          returning notice_id`,
      );
      return rows.length;
    },
  };
}

export type NoticeRepo = ReturnType<typeof noticeRepo>;
