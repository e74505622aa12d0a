import {
  ALL_OPERATOR_PERMISSIONS,
  type OperatorAuditPage,
  type OperatorCustomerPage,
  type OperatorPermission,
  type OperatorRechargeView,
  type OperatorView,
} from "@nc/contracts/operator";
import { SERVICES } from "@nc/contracts/services";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectOk } from "./helpers/accounts";
import {
  as,
  CONSOLE_ENV,
  cliGrant,
  type PartnerSide,
  partnerSide,
  platformOperator,
  register,
  type SiteUser,
} from "./helpers/operators";
import { createTestApp, type TestApp } from "./helpers/test-app";

type Method = "GET" | "POST" | "DELETE";

/** Today (UTC), for the money summary's range. */
const TODAY = new Date().toISOString().slice(0, 10);

/** A service any price list can hold a band for. */
const SERVICE = SERVICES[0]!.code;

/** A call of a console route aimed at one partner's things. */
interface Sample {
  url: string;
  body?: object;
}

/**
 * Every console route, the right it asks for, and a well-formed call aimed at a partner's things.
 * A route the app has and this table lacks fails the first test: add it here with its right.
 */
const ROUTES: Record<string, { right: OperatorPermission | null; sample: (side: PartnerSide) => Sample }> = {
  "GET /api/operator/me": { right: null, sample: () => ({ url: "/api/operator/me" }) },
  "GET /api/operator/operators": {
    right: "operator.operator:read",
    sample: () => ({ url: "/api/operator/operators" }),
  },
  "POST /api/operator/operators": {
    right: "operator.operator:grant",
    sample: (s) => ({
      url: "/api/operator/operators",
      body: {
        email: s.owner.email,
        partnerId: s.partner.id,
        scope: "partner",
        permissions: ["operator.customer:read"],
      },
    }),
  },
  "DELETE /api/operator/operators/:userId": {
    right: "operator.operator:grant",
    sample: (s) => ({ url: `/api/operator/operators/${s.operator.id}` }),
  },
  "GET /api/operator/payment-methods": {
    right: "operator.recharge:read",
    sample: () => ({ url: "/api/operator/payment-methods" }),
  },
  "GET /api/operator/recharges": {
    right: "operator.recharge:read",
    sample: () => ({ url: "/api/operator/recharges?status=all" }),
  },
  "POST /api/operator/recharges/:id/confirm": {
    right: "operator.recharge:confirm",
    sample: (s) => ({ url: `/api/operator/recharges/${s.orderId}/confirm`, body: {} }),
  },
  "POST /api/operator/recharges/:id/reject": {
    right: "operator.recharge:confirm",
    sample: (s) => ({ url: `/api/operator/recharges/${s.orderId}/reject`, body: {} }),
  },
  "GET /api/operator/customers": {
    right: "operator.customer:read",
    sample: (s) => ({ url: `/api/operator/customers?q=${s.tenantId}` }),
  },
  "GET /api/operator/customers/:id": {
    right: "operator.customer:read",
    sample: (s) => ({ url: `/api/operator/customers/${s.tenantId}` }),
  },
  "POST /api/operator/customers/:id/balance": {
    right: "operator.balance:adjust",
    sample: (s) => ({
      url: `/api/operator/customers/${s.tenantId}/balance`,
      body: { kind: "add", amount: "1", reason: "matrix probe", idempotencyKey: `probe-${s.tenantId}` },
    }),
  },
  "GET /api/operator/audit": { right: "operator.audit:read", sample: () => ({ url: "/api/operator/audit" }) },
  "GET /api/operator/partners": {
    right: "operator.partner:read",
    sample: () => ({ url: "/api/operator/partners" }),
  },
  "POST /api/operator/partners": {
    right: "operator.partner:create",
    sample: () => ({ url: "/api/operator/partners", body: { name: "Probe Partner" } }),
  },
  "POST /api/operator/partners/:id": {
    right: "operator.partner:update",
    sample: (s) => ({ url: `/api/operator/partners/${s.partner.id}`, body: { name: "Renamed" } }),
  },
  "GET /api/operator/providers": {
    right: "operator.provider:read",
    sample: () => ({ url: "/api/operator/providers" }),
  },
  "GET /api/operator/prices": {
    right: "operator.price:read",
    sample: (s) => ({ url: `/api/operator/prices?scope=special&tenantId=${s.tenantId}` }),
  },
  "GET /api/operator/prices/preview": {
    right: "operator.price:read",
    sample: (s) => ({ url: `/api/operator/prices/preview?tenantId=${s.tenantId}` }),
  },
  "POST /api/operator/prices": {
    right: "operator.price:update",
    sample: (s) => ({
      url: "/api/operator/prices",
      body: { scope: "special", tenantId: s.tenantId, service: SERVICE, price: "0.01", minMonthlyVolume: 0 },
    }),
  },
  "POST /api/operator/prices/remove": {
    right: "operator.price:update",
    sample: (s) => ({
      url: "/api/operator/prices/remove",
      body: { scope: "special", tenantId: s.tenantId, service: SERVICE },
    }),
  },
  "GET /api/operator/users": {
    right: "operator.user:read",
    sample: (s) => ({ url: `/api/operator/users?q=${encodeURIComponent(s.owner.email)}` }),
  },
  "GET /api/operator/users/:id": {
    right: "operator.user:read",
    sample: (s) => ({ url: `/api/operator/users/${s.owner.id}` }),
  },
  "GET /api/operator/money/summary": {
    right: "operator.recharge:read",
    sample: (s) => ({
      url: `/api/operator/money/summary?from=${TODAY}&to=${TODAY}&partnerId=${s.partner.id}`,
    }),
  },
  "GET /api/operator/money/summary/export": {
    right: "operator.recharge:read",
    sample: (s) => ({
      url: `/api/operator/money/summary/export?from=${TODAY}&to=${TODAY}&partnerId=${s.partner.id}`,
    }),
  },
  "GET /api/operator/customers/:id/support": {
    right: "operator.customer:read",
    sample: (s) => ({ url: `/api/operator/customers/${s.tenantId}/support` }),
  },
  "GET /api/operator/customers/:id/transactions": {
    right: "operator.customer:read",
    sample: (s) => ({ url: `/api/operator/customers/${s.tenantId}/transactions` }),
  },
  "GET /api/operator/customers/:id/transactions/:entryId": {
    right: "operator.customer:read",
    sample: (s) => ({ url: `/api/operator/customers/${s.tenantId}/transactions/${s.tenantId}` }),
  },
  "POST /api/operator/users/:id/end-sessions": {
    right: "operator.user:update",
    sample: (s) => ({ url: `/api/operator/users/${s.owner.id}/end-sessions` }),
  },
};

type Res = Awaited<ReturnType<ReturnType<typeof as>>>;
const data = <T>(res: Res) => (res.json() as { data: T }).data;
const notFound = (res: Res) => res.statusCode === 404 && data(res) === null;
const okList = <T>(res: Res, has: (items: T[]) => boolean) => res.statusCode === 200 && !has(data<T[]>(res));

/**
 * How each console route keeps partner B's things from partner A's operator: absent from a list,
 * or not found (404, never 403, so an id of another partner says nothing). true: hidden.
 */
const HIDDEN: Record<string, (res: Res, b: PartnerSide) => boolean> = {
  "GET /api/operator/me": (res, b) =>
    res.statusCode === 200 && data<{ partnerId: string }>(res).partnerId !== b.partner.id,
  "GET /api/operator/operators": (res, b) =>
    okList<OperatorView>(res, (items) => items.some((o) => o.partnerId === b.partner.id)),
  "POST /api/operator/operators": (res) =>
    res.statusCode === 400 &&
    data<{ fields: { field: string; reason: string }[] }>(res).fields.some(
      (f) => f.field === "partnerId" && f.reason === "outside_partner",
    ),
  "DELETE /api/operator/operators/:userId": notFound,
  // The server's own settings, the same for every partner: nothing of B's.
  "GET /api/operator/payment-methods": (res) => res.statusCode === 200,
  "GET /api/operator/recharges": (res, b) =>
    okList<OperatorRechargeView>(res, (items) => items.some((o) => o.tenantId === b.tenantId)),
  "POST /api/operator/recharges/:id/confirm": notFound,
  "POST /api/operator/recharges/:id/reject": notFound,
  "GET /api/operator/customers": (res) =>
    res.statusCode === 200 && data<OperatorCustomerPage>(res).items.length === 0,
  "GET /api/operator/customers/:id": notFound,
  "POST /api/operator/customers/:id/balance": notFound,
  "GET /api/operator/audit": (res, b) =>
    res.statusCode === 200 &&
    !data<OperatorAuditPage>(res).items.some(
      (e) => e.tenantId === b.tenantId || e.details.partnerId === b.partner.id,
    ),
  "GET /api/operator/partners": (res, b) =>
    okList<{ id: string }>(res, (items) => items.some((p) => p.id === b.partner.id)),
  // Making partners is a platform-only right: a partner operator cannot hold it.
  "POST /api/operator/partners": (res) => res.statusCode === 403,
  "POST /api/operator/partners/:id": notFound,
  // The live providers are the platform's: a platform-only right a partner operator cannot hold.
  "GET /api/operator/providers": (res) => res.statusCode === 403,
  "GET /api/operator/prices": notFound,
  "GET /api/operator/prices/preview": notFound,
  "POST /api/operator/prices": notFound,
  "POST /api/operator/prices/remove": notFound,
  "GET /api/operator/users": (res) =>
    res.statusCode === 200 && data<{ items: unknown[] }>(res).items.length === 0,
  "GET /api/operator/users/:id": notFound,
  "POST /api/operator/users/:id/end-sessions": notFound,
  "GET /api/operator/money/summary": (res) => res.statusCode === 200 && data<unknown[]>(res).length === 0,
  "GET /api/operator/money/summary/export": (res) =>
    res.statusCode === 200 && res.body.trim().split("\n").length === 1,
  "GET /api/operator/customers/:id/support": notFound,
  "GET /api/operator/customers/:id/transactions": notFound,
  "GET /api/operator/customers/:id/transactions/:entryId": notFound,
};

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe("operator console: rights per route and partner reach", () => {
  let t: TestApp;
  let a: PartnerSide;
  let b: PartnerSide;
  let platform: SiteUser;

  beforeAll(async () => {
    t = await createTestApp(CONSOLE_ENV);
    a = await partnerSide(t, "Alpha");
    b = await partnerSide(t, "Beta");
    platform = await platformOperator(t);
  });
  afterAll(() => t.close());

  const send = (user: SiteUser, method: Method, sample: Sample) =>
    as(t, user)(method, sample.url, sample.body);

  /** What B has that a partner operator of A must neither see nor change. */
  async function snapshotB() {
    const billing = t.app.services.billing;
    const audit = expectOk<OperatorAuditPage>(
      await as(t, b.operator)("GET", "/api/operator/audit?limit=100"),
    );
    return JSON.stringify({
      balance: (await billing.balance(b.tenantId)).balanceMicros.toString(),
      orders: expectOk<OperatorRechargeView[]>(
        await as(t, b.operator)("GET", "/api/operator/recharges?status=all"),
      ).map((o) => [o.id, o.status, o.receivedMicros]),
      operators: expectOk<OperatorView[]>(await as(t, b.operator)("GET", "/api/operator/operators")).map(
        (o) => [o.email, o.scope, o.permissions],
      ),
      audit: audit.items.map((e) => e.id),
    });
  }

  it("has every console route in the table, with the right its config asks for", () => {
    const routes = t.app.operatorRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const missing = routes.map(keyOf).filter((key) => !ROUTES[key]);
    expect(missing, "console routes without an entry in ROUTES").toEqual([]);
    for (const route of routes) {
      const right = ROUTES[keyOf(route)]!.right;
      expect([keyOf(route), [...route.rights]]).toEqual([keyOf(route), right === null ? [] : [right]]);
    }
  });

  it("answers 403 (40300) to a customer organisation's Owner on every console route, and changes nothing", async () => {
    const before = await snapshotB();
    const leaks: string[] = [];
    for (const route of t.app.operatorRoutes) {
      const res = await send(b.owner, route.method as Method, ROUTES[keyOf(route)]!.sample(b));
      const envelope = res.json() as { code: number; data: unknown };
      if (res.statusCode !== 403 || envelope.code !== 40300 || envelope.data !== null)
        leaks.push(`${keyOf(route)} -> ${res.statusCode} ${envelope.code}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshotB()).toBe(before);
  });

  it("answers 403 before reading the body: a non-operator's malformed request learns nothing of the schema", async () => {
    const res = await as(t, a.owner)("POST", "/api/operator/customers/not-an-id/balance", { kind: "steal" });
    expectError(res, 403, 40300);
  });

  it("asks for a session first: no cookie is 401 on every console route", async () => {
    for (const route of t.app.operatorRoutes) {
      const sample = ROUTES[keyOf(route)]!.sample(b);
      const res = await t.app.inject({
        method: route.method as Method,
        url: sample.url,
        payload: sample.body,
      });
      expect([keyOf(route), res.statusCode]).toEqual([keyOf(route), 401]);
    }
  });

  it("answers 403 to an operator holding every right but the route's own", async () => {
    const probe = await register(t, undefined, "Probe Operator");
    const leaks: string[] = [];
    for (const route of t.app.operatorRoutes.filter((r) => r.rights.length > 0)) {
      const others = ALL_OPERATOR_PERMISSIONS.filter((right) => !route.rights.includes(right));
      await cliGrant(t, probe, { permissions: others.join(","), platform: true });
      const res = await send(probe, route.method as Method, ROUTES[keyOf(route)]!.sample(b));
      const envelope = res.json() as { code: number };
      if (res.statusCode !== 403 || envelope.code !== 40300)
        leaks.push(`${keyOf(route)} -> ${res.statusCode} ${envelope.code}`);
    }
    expect(leaks).toEqual([]);
  });

  it("keeps every one of B's customers, orders, balances, audit events and operators from A's operator", async () => {
    const before = await snapshotB();
    const leaks: string[] = [];
    for (const route of t.app.operatorRoutes) {
      const hidden = HIDDEN[keyOf(route)];
      if (!hidden) {
        leaks.push(`${keyOf(route)}: no entry in HIDDEN`);
        continue;
      }
      const res = await send(a.operator, route.method as Method, ROUTES[keyOf(route)]!.sample(b));
      if (!hidden(res, b)) leaks.push(`${keyOf(route)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshotB()).toBe(before);
  });

  it("finds B's things by the same calls for the platform operator, and A's for A's operator", async () => {
    const leaks: string[] = [];
    for (const [user, side] of [
      [platform, b],
      [platform, a],
      [a.operator, a],
    ] as const) {
      for (const key of [
        "GET /api/operator/operators",
        "GET /api/operator/recharges",
        "GET /api/operator/customers",
        "GET /api/operator/customers/:id",
        "GET /api/operator/audit",
      ]) {
        const [method, url] = key.split(" ") as [Method, string];
        const res = await send(user, method, ROUTES[keyOf({ method, url })]!.sample(side));
        if (HIDDEN[key]!(res, side)) leaks.push(`${user.name} ${key} on ${side.partner.name}: hidden`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("lets the platform operator confirm, adjust and revoke on B; A's operator then still sees none of it", async () => {
    const op = as(t, platform);
    const confirmed = expectOk<{ order: OperatorRechargeView; credited: boolean }>(
      await op("POST", `/api/operator/recharges/${b.orderId}/confirm`, {}),
    );
    expect(confirmed).toMatchObject({ credited: true, order: { status: "paid", partnerId: b.partner.id } });
    const adjusted = expectOk<{ balanceMicros: string }>(
      await op("POST", `/api/operator/customers/${b.tenantId}/balance`, {
        kind: "sub",
        amount: "15",
        reason: "platform correction",
        idempotencyKey: "platform-on-b-1",
      }),
    );
    expect(adjusted.balanceMicros).toBe("25000000");
    expect(await t.app.services.billing.balance(b.tenantId)).toMatchObject({
      balanceMicros: 25_000_000n,
    });
    const helper = await register(t, b.host, "Beta Helper");
    await cliGrant(t, helper, { partner: b.partner.id, permissions: "operator.customer:read" });
    expect(expectOk(await op("DELETE", `/api/operator/operators/${helper.id}`))).toEqual({ revoked: true });

    const seenByA = expectOk<OperatorAuditPage>(
      await as(t, a.operator)("GET", "/api/operator/audit?limit=100"),
    );
    expect(
      seenByA.items.filter((e) => e.tenantId === b.tenantId || e.details.partnerId === b.partner.id),
    ).toEqual([]);
    const seenByB = expectOk<OperatorAuditPage>(
      await as(t, b.operator)("GET", "/api/operator/audit?limit=100"),
    );
    expect(seenByB.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(["recharge.confirmed", "balance.subtracted", "operator.revoked"]),
    );
  });
});
