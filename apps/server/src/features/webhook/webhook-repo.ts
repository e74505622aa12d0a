import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { WEBHOOK_EVENT_PERMISSIONS, WEBHOOK_TEST_EVENT } from "@nc/contracts/webhooks";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { exactUtc, queryRows } from "../../db/query";

/** Runs statements: the database, or the transaction of whoever caused an event. */
type Runner = Pick<Db, "execute">;

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

export interface EndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  events: string[];
  secret: string;
  enabled: boolean;
  created_at: string;
  created_by: string | null;
  created_by_name: string | null;
  /** The events its creator may no longer be sent (`creatorMaySend`). */
  paused_events: string[];
  last_status: string | null;
  last_event_type: string | null;
  last_response_status: number | null;
  last_at: string | null;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  /** The body sent (the signed JSON). */
  payload: string;
  request_headers: Record<string, string> | null;
  response_body: string | null;
  next_attempt_at: string;
  last_attempt_at: string | null;
  created_at: string;
}

/** A delivery taken by a deliverer, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  /** The organisation whose delivery it is: the outcome is written under it. */
  tenant_id: string;
  event_id: string;
  payload: string;
  /** After this claim: the claim's own number, which guards every write of its outcome. */
  attempts: number;
  created_at: string;
  url: string;
  secret: string;
  enabled: boolean;
  /** Whether the endpoint's creator still holds what this event needs (see `creatorMaySend`). */
  creator_may_send: boolean;
  brand: string;
}

export interface NewEndpoint {
  id: string;
  tenantId: string;
  url: string;
  description: string;
  events: string[];
  secret: string;
  createdBy: string;
}

/**
 * Whether the creator of endpoint `e` may still be sent an event of type `type` (an SQL text):
 * a member whose role is super, or holds the right to edit webhooks and every right the event's
 * data is read with (WEBHOOK_EVENT_PERMISSIONS); else a platform super-user of the organisation's
 * partner, who acts as Owner there (as api-key-repo's forAuth reads a key's creator). A creator
 * removed, demoted or deleted (created_by null) is sent nothing: the endpoint sends data to an
 * address of their choosing (docs/security.md, "Roles and rights inside an organisation"). An
 * unknown type needs what nobody holds. Catalogue permissions are concrete strings, so plain
 * jsonb containment matches them.
 */
const creatorMaySend = (type: SQL) =>
  sql`coalesce(
        (select r.is_super or coalesce(
                  r.permissions ?| ${sql.param(ROUTE_PERMISSIONS.webhooksEdit)}::text[]
                  and r.permissions @> (${JSON.stringify(WEBHOOK_EVENT_PERMISSIONS)}::jsonb -> ${type}), false)
         from tenant_members m join roles r on r.id = m.role_id
         where m.tenant_id = e.tenant_id and m.user_id = e.created_by),
        exists (select 1 from users u join tenants t on t.partner_id = u.partner_id
                where u.id = e.created_by and t.id = e.tenant_id and u.platform_admin))`;

const ENDPOINT_COLUMNS = sql.join(
  [
    sql.raw("e.id, e.tenant_id, e.url, e.description, e.events, e.secret, e.enabled, e.created_by"),
    sql`${exactUtc("e.created_at")} as created_at`,
    sql.raw("u.name as created_by_name"),
    sql`array(select ev from unnest(e.events) ev where not ${creatorMaySend(sql`ev`)}) as paused_events`,
    sql.raw("last.status as last_status, last.event_type as last_event_type"),
    sql.raw("last.response_status as last_response_status"),
    sql`${exactUtc("coalesce(last.last_attempt_at, last.created_at)")} as last_at`,
  ],
  sql`, `,
);

const endpointQuery = (where: SQL) =>
  sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints e
      left join users u on u.id = e.created_by
      left join lateral (
        select d.status, d.event_type, d.response_status, d.last_attempt_at, d.created_at
        from webhook_deliveries d where d.endpoint_id = e.id
        order by d.created_at desc, d.id desc limit 1) last on true
      where ${where}`;

const DELIVERY_COLUMNS = sql.join(
  [
    sql.raw(
      "d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.attempts, d.response_status, d.last_error, d.payload, d.request_headers, d.response_body",
    ),
    sql`${exactUtc("d.next_attempt_at")} as next_attempt_at`,
    sql`${exactUtc("d.last_attempt_at")} as last_attempt_at`,
    sql`${exactUtc("d.created_at")} as created_at`,
  ],
  sql`, `,
);

/** All SQL of webhooks: endpoints, the outbox of deliveries, and the deliverer's claims. */
export function webhookRepo(db: Runner) {
  return {
    list(tenantId: string): Promise<EndpointRow[]> {
      return queryRows<EndpointRow>(
        db,
        sql`${endpointQuery(sql`e.tenant_id = ${tenantId}`)} order by e.created_at desc, e.id desc`,
      );
    },

    async one(tenantId: string, id: string, runner: Runner = db): Promise<EndpointRow | undefined> {
      const rows = await queryRows<EndpointRow>(
        runner,
        endpointQuery(sql`e.tenant_id = ${tenantId} and e.id = ${id}`),
      );
      return rows[0];
    },

    /**
     * Counts the organisation's endpoints under a lock on the organisation's row, so two creates
     * at once cannot both pass the limit.
     */
    async lockedCount(tx: Runner, tenantId: string): Promise<number> {
      await tx.execute(sql`select id from tenants where id = ${tenantId} for update`);
      const rows = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from webhook_endpoints where tenant_id = ${tenantId}`,
      );
      return rows[0]?.n ?? 0;
    },

    async insert(runner: Runner, e: NewEndpoint): Promise<void> {
      await runner.execute(
        sql`insert into webhook_endpoints (id, tenant_id, url, description, events, secret, created_by)
            values (${e.id}, ${e.tenantId}, ${e.url}, ${e.description}, ${sql.param(e.events)}::text[],
                    ${e.secret}, ${e.createdBy})`,
      );
    },

    /** Changes the fields given; answers whether the endpoint exists in the organisation. */
    async update(
      tenantId: string,
      id: string,
      patch: { url?: string; description?: string; events?: string[]; enabled?: boolean; secret?: string },
      runner: Runner = db,
    ): Promise<boolean> {
      const sets: SQL[] = [];
      if (patch.url !== undefined) sets.push(sql`url = ${patch.url}`);
      if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
      if (patch.events !== undefined) sets.push(sql`events = ${sql.param(patch.events)}::text[]`);
      if (patch.enabled !== undefined) sets.push(sql`enabled = ${patch.enabled}`);
      if (patch.secret !== undefined) sets.push(sql`secret = ${patch.secret}`);
      // Nothing to change still answers whether the endpoint is there.
      if (sets.length === 0) sets.push(sql`id = id`);
      const rows = await queryRows(
        runner,
        sql`update webhook_endpoints set ${sql.join(sets, sql`, `)}
            where tenant_id = ${tenantId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /** Deletes the endpoint and (cascade) its delivery log; answers whether it existed. */
    async remove(tenantId: string, id: string, runner: Runner = db): Promise<boolean> {
      const rows = await queryRows(
        runner,
        sql`delete from webhook_endpoints where tenant_id = ${tenantId} and id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /** One page of an endpoint's deliveries, newest first, after the cursor. */
    deliveries(tenantId: string, endpointId: string, limit: number, cursor?: Cursor): Promise<DeliveryRow[]> {
      const after = cursor
        ? sql`and (d.created_at, d.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      return queryRows<DeliveryRow>(
        db,
        sql`select ${DELIVERY_COLUMNS} from webhook_deliveries d
            where d.tenant_id = ${tenantId} and d.endpoint_id = ${endpointId} ${after}
            order by d.created_at desc, d.id desc limit ${limit}`,
      );
    },

    async delivery(tenantId: string, id: string): Promise<DeliveryRow | undefined> {
      const rows = await queryRows<DeliveryRow>(
        db,
        sql`select ${DELIVERY_COLUMNS} from webhook_deliveries d
            where d.tenant_id = ${tenantId} and d.id = ${id}`,
      );
      return rows[0];
    },

    /**
     * The outbox: one pending delivery of the event per enabled endpoint of the organisation that
     * subscribed to its type and whose creator may still be sent it (`creatorMaySend`); or only to
     * `endpointId`, for a test event, which carries no data and is sent at the request of someone
     * who may edit the endpoint. Runs in the caller's transaction, so the event exists exactly when
     * what caused it does. Answers the new ids.
     */
    async enqueue(
      runner: Runner,
      event: { tenantId: string; eventId: string; type: string; payload: string; endpointId?: string },
    ): Promise<string[]> {
      const which = event.endpointId
        ? sql`e.id = ${event.endpointId}`
        : sql`e.enabled and ${event.type} = any(e.events) and ${creatorMaySend(sql`${event.type}::text`)}`;
      const rows = await queryRows<{ id: string }>(
        runner,
        sql`insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload)
            select gen_random_uuid(), e.tenant_id, e.id, ${event.eventId}::uuid, ${event.type}, ${event.payload}
            from webhook_endpoints e where e.tenant_id = ${event.tenantId} and ${which}
            returning id`,
      );
      return rows.map((r) => r.id);
    },

    /** The same event to the same endpoint once more: a new pending row (the old one stays in the log). */
    async requeue(tenantId: string, deliveryId: string): Promise<string | undefined> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload)
            select gen_random_uuid(), d.tenant_id, d.endpoint_id, d.event_id, d.event_type, d.payload
            from webhook_deliveries d where d.tenant_id = ${tenantId} and d.id = ${deliveryId}
            returning id`,
      );
      return rows[0]?.id;
    },

    /**
     * Takes up to `limit` due deliveries for one attempt each: picked once (MATERIALIZED, as the
     * job worker does) with SKIP LOCKED, so deliverers in several processes never take the same
     * row, and leased, so a deliverer that dies mid-attempt gives them back when the lease ends.
     * The attempt is counted here; its number fences the write of the outcome. Across
     * organisations on purpose: the deliverer sends every organisation's events, and each claimed
     * row carries its organisation for the write of its outcome. Whether the creator may still be
     * sent the event is read again here, for deliveries queued (or queued again) before they lost
     * the right; a test event carries no data and goes regardless.
     */
    claimAnyOrganisation(limit: number, leaseSeconds: number, now: Date): Promise<ClaimedDelivery[]> {
      return queryRows<ClaimedDelivery>(
        db,
        sql`with picked as materialized (
              select d.id from webhook_deliveries d
              where d.status = 'pending' and d.next_attempt_at <= ${at(now)}
                and (d.lease_until is null or d.lease_until < ${at(now)})
              order by d.next_attempt_at
              limit ${limit}
              for update of d skip locked)
            update webhook_deliveries d
            set lease_until = ${at(now)} + make_interval(secs => ${leaseSeconds}),
                attempts = d.attempts + 1, last_attempt_at = ${at(now)}
            from webhook_endpoints e, tenants t, partners p
            where d.id in (select id from picked) and e.id = d.endpoint_id
              and t.id = d.tenant_id and p.id = t.partner_id
            returning d.id, d.tenant_id, d.event_id, d.payload, d.attempts, ${exactUtc("d.created_at")} as created_at,
                      e.url, e.secret, e.enabled, p.name as brand,
                      (d.event_type = ${WEBHOOK_TEST_EVENT} or ${creatorMaySend(sql`d.event_type`)}) as creator_may_send`,
      );
    },

    /**
     * Writes an attempt's outcome, only while the row is still this claim's (pending, same attempt
     * number): a deliverer whose lease ran out cannot overwrite a later attempt.
     */
    async settle(
      claim: { id: string; tenant_id: string; attempts: number },
      outcome: {
        status: "pending" | "succeeded" | "failed";
        responseStatus: number | null;
        error: string | null;
        nextAttemptAt: Date | null;
        /** What this attempt sent and the start of the answer (null: not sent / no answer). */
        requestHeaders?: Record<string, string> | null;
        responseBody?: string | null;
      },
    ): Promise<boolean> {
      const next = outcome.nextAttemptAt ? sql`${at(outcome.nextAttemptAt)}` : sql`next_attempt_at`;
      const headers = outcome.requestHeaders ? JSON.stringify(outcome.requestHeaders) : null;
      const rows = await queryRows(
        db,
        sql`update webhook_deliveries
            set status = ${outcome.status}, response_status = ${outcome.responseStatus},
                last_error = ${outcome.error}, next_attempt_at = ${next}, lease_until = null,
                request_headers = ${headers}::jsonb, response_body = ${outcome.responseBody ?? null}
            where id = ${claim.id} and tenant_id = ${claim.tenant_id} and attempts = ${claim.attempts}
              and status = 'pending'
            returning id`,
      );
      return rows.length > 0;
    },

    /**
     * Deletes finished deliveries older than `before`, endpoint by endpoint (its index). Across
     * organisations on purpose: the deliverer's retention sweep.
     */
    async pruneAnyOrganisation(before: Date): Promise<number> {
      const rows = await queryRows(
        db,
        sql`delete from webhook_deliveries d using webhook_endpoints e
            where d.endpoint_id = e.id and d.created_at < ${at(before)} and d.status <> 'pending'
            returning d.id`,
      );
      return rows.length;
    },
  };
}

export type WebhookRepo = ReturnType<typeof webhookRepo>;
