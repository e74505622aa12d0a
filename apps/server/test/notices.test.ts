import { LOCALE_COOKIE } from "@nc/contracts/locales";
import type { NoticeItem, NoticePage } from "@nc/contracts/notices";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewNotice } from "../src/features/notice/notice-service";
import {
  type Account,
  call,
  expectError,
  expectFieldError,
  expectOk,
  registerUser,
} from "./helpers/accounts";
import {
  createTenant,
  expectCode,
  inTenant,
  joinTenant,
  memberWithRole,
  ownerWithTenant,
} from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const LIST = "/api/tenant/notice";
const COUNT = "/api/tenant/notice/unread_count";
const READ_ALL = "/api/tenant/notice/read_all";
const readOne = (id: string) => `/api/tenant/notice/s/${id}/read`;

describe("notices", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const notify = (notice: NewNotice) => t.app.services.notices.notify(notice);

  /** An organisation with its owner and one more member, each with a caller bound to it. */
  async function team(name = "Notice Org") {
    const { owner, tenantId, api } = await ownerWithTenant(t, name, { name: "Olga Owner" });
    const member = await memberWithRole(t, tenantId, "viewer");
    return {
      tenantId,
      owner,
      member,
      asOwner: api,
      asMember: inTenant(t, member, tenantId),
    };
  }

  type Caller = ReturnType<typeof inTenant>;
  const list = async (as: Caller, query = "") => expectOk<NoticePage>(await as("GET", `${LIST}${query}`));
  const unread = async (as: Caller) => expectOk<{ unreadCount: number }>(await as("GET", COUNT)).unreadCount;

  describe("GET /api/tenant/notice", () => {
    it("starts empty, with the paging echoed", async () => {
      const { asOwner } = await team();
      expect(await list(asOwner)).toEqual({ data: [], total: 0, page: 1, pageSize: 20 });
      expect(await unread(asOwner)).toBe(0);
    });

    it("pages newest first without overlap", async () => {
      const { tenantId, asMember } = await team();
      const ids: string[] = [];
      for (let i = 0; i < 25; i++)
        ids.push(
          await notify({ tenantId, type: "member_removed", params: { name: `N${i}`, email: `n${i}@x.io` } }),
        );
      const newestFirst = [...ids].reverse();

      const first = await list(asMember, "?page=1&pageSize=10");
      expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
      expect(first.data.map((n) => n.id)).toEqual(newestFirst.slice(0, 10));
      const third = await list(asMember, "?page=3&pageSize=10");
      expect(third.data.map((n) => n.id)).toEqual(newestFirst.slice(20));
      const beyond = await list(asMember, "?page=4&pageSize=10");
      expect(beyond).toMatchObject({ data: [], total: 25, page: 4 });

      const all = await list(asMember, "?pageSize=100");
      expect(all.data.map((n) => n.id)).toEqual(newestFirst);
      const times = all.data.map((n) => Date.parse(n.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all.data[0]).toEqual({
        id: ids[24]!,
        type: "member_removed",
        title: expect.stringContaining("N24"),
        content: expect.stringContaining("n24@x.io"),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        read: false,
      } satisfies NoticeItem);
    });

    it("shows notices to everyone and to the caller only, not to other members", async () => {
      const { tenantId, owner, member, asOwner, asMember } = await team();
      const everyone = await notify({ tenantId, type: "member_removed", params: { name: "Gone" } });
      const toOwner = await notify({
        tenantId,
        userId: owner.id,
        type: "role_changed",
        params: { role: "X" },
      });
      const toMember = await notify({
        tenantId,
        userId: member.id,
        type: "role_changed",
        params: { role: "Y" },
      });

      expect((await list(asOwner)).data.map((n) => n.id)).toEqual([toOwner, everyone]);
      expect((await list(asMember)).data.map((n) => n.id)).toEqual([toMember, everyone]);
      expect(await unread(asOwner)).toBe(2);
      expect(await unread(asMember)).toBe(2);
    });

    it("leaves out what was sent before the member joined", async () => {
      const { tenantId, asOwner } = await team();
      const before = await notify({ tenantId, type: "member_removed", params: { name: "Old news" } });
      const late = await registerUser(t);
      await joinTenant(t, tenantId, late, "viewer");
      const after = await notify({ tenantId, type: "member_removed", params: { name: "New news" } });
      const asLate = inTenant(t, late, tenantId);
      expect((await list(asLate)).data.map((n) => n.id)).toEqual([after]);
      expect(await unread(asLate)).toBe(1);
      expectError(await asLate("POST", readOne(before)), 404, 40400);
      expect((await list(asOwner)).data.map((n) => n.id)).toEqual([after, before]);
    });

    it.each([
      ["?pageSize=101", "pageSize", "out_of_range"],
      ["?pageSize=0", "pageSize", "out_of_range"],
      ["?pageSize=ten", "pageSize", "invalid_type"],
      ["?page=0", "page", "out_of_range"],
      ["?page=1.5", "page", "invalid_type"],
      ["?unread=yes", "unread", "invalid_value"],
    ])("refuses %s (%s %s)", async (query, field, reason) => {
      const { asOwner } = await team();
      expectFieldError(await asOwner("GET", `${LIST}${query}`), field, reason);
    });

    it("accepts the largest page size", async () => {
      const { asOwner } = await team();
      expect(await list(asOwner, "?pageSize=100")).toMatchObject({ pageSize: 100 });
    });
  });

  describe("read state", () => {
    it("reading one marks it for the caller only; the unread filter and counter follow", async () => {
      const { tenantId, asOwner, asMember } = await team();
      const a = await notify({ tenantId, type: "member_removed", params: { name: "A" } });
      const b = await notify({ tenantId, type: "member_removed", params: { name: "B" } });
      const c = await notify({ tenantId, type: "member_removed", params: { name: "C" } });
      expect(await unread(asMember)).toBe(3);

      expect(expectOk(await asMember("POST", readOne(b)))).toBeNull();
      // Twice is fine and changes nothing.
      expectOk(await asMember("POST", readOne(b)));
      expect(await unread(asMember)).toBe(2);
      const full = await list(asMember);
      expect(full.data.map((n) => [n.id, n.read])).toEqual([
        [c, false],
        [b, true],
        [a, false],
      ]);
      const onlyUnread = await list(asMember, "?unread=1");
      expect(onlyUnread).toMatchObject({ total: 2 });
      expect(onlyUnread.data.map((n) => n.id)).toEqual([c, a]);
      expect((await list(asMember, "?unread=true&pageSize=1")).data.map((n) => n.id)).toEqual([c]);
      expect((await list(asMember, "?unread=0")).total).toBe(3);

      // The same notice to everyone is still unread for the owner.
      expect(await unread(asOwner)).toBe(3);
      expect((await list(asOwner)).data.every((n) => !n.read)).toBe(true);
    });

    it("read_all marks everything the caller sees and nothing else", async () => {
      const { tenantId, owner, member, asOwner, asMember } = await team();
      await notify({ tenantId, type: "member_removed", params: { name: "A" } });
      const mine = await notify({ tenantId, userId: member.id, type: "role_changed", params: { role: "R" } });
      await notify({ tenantId, userId: owner.id, type: "role_changed", params: { role: "R" } });
      expectOk(await asMember("POST", readOne(mine)));

      expect(expectOk<{ marked: number }>(await asMember("POST", READ_ALL))).toEqual({ marked: 1 });
      expect(await unread(asMember)).toBe(0);
      expect((await list(asMember, "?unread=1")).total).toBe(0);
      expect((await list(asMember)).data.every((n) => n.read)).toBe(true);
      expect(expectOk<{ marked: number }>(await asMember("POST", READ_ALL))).toEqual({ marked: 0 });
      expect(await unread(asOwner)).toBe(2);

      // Something new after read_all is unread again.
      await notify({ tenantId, type: "member_removed", params: { name: "B" } });
      expect(await unread(asMember)).toBe(1);
    });

    it("refuses a malformed id and answers 404 for an unknown one", async () => {
      const { asOwner } = await team();
      expectFieldError(await asOwner("POST", readOne("not-a-uuid")), "id", "invalid_format");
      expectError(await asOwner("POST", readOne("0190a0a0-0000-7000-8000-000000000000")), 404, 40400);
    });
  });

  describe("language of rendering", () => {
    it("renders title and content in the request's language, with the parameters filled in", async () => {
      const { tenantId, member } = await team("Lingua Ltd");
      await notify({
        tenantId,
        userId: member.id,
        type: "role_changed",
        params: { role: "Viewer", roleKey: "viewer" },
      });
      await notify({
        tenantId,
        type: "invitation_accepted",
        params: { name: "Ana", email: "ana@example.com", role: "Auditors" },
      });
      const rendered = async (headers: Record<string, string>) => {
        const res = await call(t, "GET", LIST, undefined, {
          sid: member.sid,
          headers: { "x-tenant-id": tenantId, ...headers },
        });
        return expectOk<NoticePage>(res).data;
      };

      const [enAccepted, enRole] = await rendered({});
      expect(enRole).toMatchObject({
        title: "Your role in Lingua Ltd has changed",
        content: expect.stringContaining("is now Viewer"),
      });
      expect(enRole!.content).toContain("[organisation](/dashboard/tenant)");
      expect(enAccepted).toMatchObject({
        title: "Ana joined Lingua Ltd",
        content: expect.stringContaining("Ana (ana@example.com) accepted the invitation to Lingua Ltd"),
      });
      expect(enAccepted!.content).toContain("as Auditors");
      expect(enAccepted!.content).toContain("[Members](/dashboard/tenant?tab=members)");

      const [zhAccepted, zhRole] = await rendered({ "x-locale": "zh-Hans" });
      expect(zhRole).toMatchObject({ title: "您在 Lingua Ltd 的角色已变更" });
      expect(zhRole!.content).toContain("只读成员");
      expect(zhAccepted!.content).toContain("[成员](/dashboard/tenant?tab=members)");

      const [esAccepted, esRole] = await rendered({ "accept-language": "es-ES,es;q=0.9" });
      expect(esRole!.title).toBe("Tu rol en Lingua Ltd ha cambiado");
      expect(esRole!.content).toContain("Lector");
      expect(esAccepted!.title).toBe("Ana se unió a Lingua Ltd");

      const res = await call(t, "GET", LIST, undefined, {
        headers: { "x-tenant-id": tenantId, cookie: `sid=${member.sid}; ${LOCALE_COOKIE}=pt` },
      });
      const [ptAccepted] = expectOk<NoticePage>(res).data;
      expect(ptAccepted!.title).toBe("Ana entrou em Lingua Ltd");
    });

    it("escapes markdown in parameters so a name cannot forge a link", async () => {
      const { tenantId, asOwner } = await team();
      await notify({
        tenantId,
        type: "member_removed",
        params: { name: "[click](javascript:alert(1))", email: "e@x.io" },
      });
      const [notice] = (await list(asOwner)).data;
      expect(notice!.title).toContain("[click](javascript:alert(1))");
      expect(notice!.content).toContain("\\[click\\]\\(javascript:alert\\(1\\)\\)");
      expect(notice!.content).not.toContain("[click](");
    });
  });

  describe("isolation", () => {
    it("keeps organisations apart for a member of both", async () => {
      const one = await team("First Org");
      const secondId = await createTenant(t, one.owner, "Second Org");
      const asOwnerInSecond = inTenant(t, one.owner, secondId);
      const inFirst = await notify({ tenantId: one.tenantId, type: "member_removed", params: { name: "X" } });
      const inSecond = await notify({ tenantId: secondId, userId: one.owner.id, type: "role_changed" });

      expect((await list(one.asOwner)).data.map((n) => n.id)).toEqual([inFirst]);
      expect((await list(asOwnerInSecond)).data.map((n) => n.id)).toEqual([inSecond]);
      expect(await unread(one.asOwner)).toBe(1);
      expect(await unread(asOwnerInSecond)).toBe(1);

      // Reading the first organisation's notice inside the second is not found and changes nothing.
      expectError(await asOwnerInSecond("POST", readOne(inFirst)), 404, 40400);
      expect(await unread(one.asOwner)).toBe(1);
      // read_all in the second leaves the first alone.
      expectOk(await asOwnerInSecond("POST", READ_ALL));
      expect(await unread(asOwnerInSecond)).toBe(0);
      expect(await unread(one.asOwner)).toBe(1);
    });

    it("answers 40036 for an organisation the caller is not in, with no data", async () => {
      const { tenantId } = await team();
      const id = await notify({ tenantId, type: "member_removed", params: { name: "Secret" } });
      const { owner: stranger } = await ownerWithTenant(t, "Stranger Org");
      const asStranger = inTenant(t, stranger, tenantId);
      for (const [method, url] of [
        ["GET", LIST],
        ["GET", COUNT],
        ["POST", readOne(id)],
        ["POST", READ_ALL],
      ] as const) {
        const res = await asStranger(method, url);
        expectCode(res, 200, 40036);
        expect(JSON.stringify(res.json())).not.toContain("Secret");
      }
    });

    it("answers 404 when a member reads another member's notice, which stays unread", async () => {
      const { tenantId, owner, asOwner, asMember } = await team();
      const toOwner = await notify({ tenantId, userId: owner.id, type: "role_changed" });
      expectError(await asMember("POST", readOne(toOwner)), 404, 40400);
      expectOk(await asMember("POST", READ_ALL));
      expect(await unread(asOwner)).toBe(1);
      expect((await list(asOwner, "?unread=1")).data.map((n) => n.id)).toEqual([toOwner]);
    });

    it("needs a session and an active organisation", async () => {
      const { owner } = await team();
      expectError(await call(t, "GET", COUNT), 401, 40099);
      expectError(await call(t, "POST", READ_ALL), 401, 40099);
      expectCode(await call(t, "GET", COUNT, undefined, { sid: owner.sid }), 200, 40035);
      expectCode(await call(t, "GET", LIST, undefined, { sid: owner.sid }), 200, 40035);
    });
  });

  describe("permission", () => {
    it("refuses a role without notice:read with 403 on every call", async () => {
      const { tenantId, asOwner } = await team();
      const role = expectOk<{ id: string }>(
        await asOwner("POST", "/api/tenant/role", { name: "No notices", permissions: ["detection:read"] }),
      );
      const user: Account = await registerUser(t);
      const { tenantMembers } = await import("../src/db/schema/index");
      await t.database.db.insert(tenantMembers).values({ tenantId, userId: user.id, roleId: role.id });
      const id = await notify({ tenantId, type: "member_removed", params: { name: "Hidden" } });
      const asUser = inTenant(t, user, tenantId);
      for (const [method, url] of [
        ["GET", LIST],
        ["GET", COUNT],
        ["POST", readOne(id)],
        ["POST", READ_ALL],
      ] as const) {
        expectError(await asUser(method, url), 403, 40300);
      }
      // The owner (super) and every built-in role can read.
      expect(await unread(asOwner)).toBe(1);
      for (const key of ["admin", "developer", "finance", "operator", "viewer"] as const) {
        const m = await memberWithRole(t, tenantId, key);
        expectOk(await inTenant(t, m, tenantId)("GET", COUNT));
      }
    });
  });
});
