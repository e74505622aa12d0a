import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";

/** Devices a person keeps remembered: the newest ones by last sign-in (docs/security.md, "Sign-in alerts"). */
export const KNOWN_DEVICES_MAX = 20;

export function deviceRepo(db: Db) {
  return {
    /**
     * Notes a sign-in from the device and keeps the person's newest KNOWN_DEVICES_MAX, in one
     * statement so parallel sign-ins cannot grow the list past its bound. Answers whether the
     * device was new for the person and whether any other device was known before it.
     */
    async seen(userId: string, deviceHash: string, userAgent: string | null) {
      // The statement's parts see the table as it was before it: the other devices are counted
      // and pruned without this one, which keeps its own row.
      const [row] = await queryRows<{ inserted: boolean; others: number }>(
        db,
        sql`with seen as (
              insert into known_devices (user_id, device_hash, user_agent)
              values (${userId}, ${deviceHash}, ${userAgent})
              on conflict (user_id, device_hash)
                do update set last_seen_at = now(), user_agent = excluded.user_agent
              returning (xmax = 0) as inserted
            ), pruned as (
              delete from known_devices
              where user_id = ${userId} and device_hash in (
                select device_hash from known_devices
                where user_id = ${userId} and device_hash <> ${deviceHash}
                order by last_seen_at desc, first_seen_at desc
                offset ${KNOWN_DEVICES_MAX - 1}
              )
            )
            select seen.inserted,
                   (select count(*)::int from known_devices
                     where user_id = ${userId} and device_hash <> ${deviceHash}) as others
            from seen`,
      );
      return { isNew: row?.inserted ?? false, othersKnown: (row?.others ?? 0) > 0 };
    },
  };
}
