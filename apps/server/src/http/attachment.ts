import type { FastifyReply } from "fastify";

/** Marks the answer as a file to save under `name`, never kept by a cache on the way. */
export function asAttachment(reply: FastifyReply, contentType: string, name: string): FastifyReply {
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store");
}
