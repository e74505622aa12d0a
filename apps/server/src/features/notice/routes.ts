import { noticeListQuery } from "@nc/contracts/notice-list-query";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../core/app-error";
import { ok } from "../../core/envelope";
import { requestLocale } from "../../http/locale";
import { requireTenant } from "../../http/tenant-context";
import type { NoticeReader } from "./notice-repo";

const idParams = z.object({ id: z.uuid() });

/** The caller inside the active organisation. */
function reader(request: FastifyRequest): NoticeReader & { tenantName: string } {
  const tenant = requireTenant(request);
  return { tenantId: tenant.id, userId: tenant.userId, tenantName: tenant.name };
}

/** Notices of the active organisation for the caller (docs/architecture.md, "Decisions and why", Notices). */
export async function noticeRoutes(app: FastifyInstance) {
  const notices = app.services.notices;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { tenant: true, permissions: ["notice:read"] } as const;

  r.get("/api/tenant/notice", { schema: { querystring: noticeListQuery }, config: read }, async (request) =>
    ok(await notices.list(reader(request), requestLocale(request), request.query)),
  );

  r.get("/api/tenant/notice/unread_count", { config: read }, async (request) =>
    ok({ unreadCount: await notices.unreadCount(reader(request)) }),
  );

  r.post("/api/tenant/notice/s/:id/read", { schema: { params: idParams }, config: read }, async (request) => {
    if (!(await notices.markRead(reader(request), request.params.id))) throw new AppError("notFound");
    return ok(null);
  });

  r.post("/api/tenant/notice/read_all", { config: read }, async (request) =>
    ok({ marked: await notices.markAllRead(reader(request)) }),
  );
}
