import { z } from "zod";
import { JOB_ITEM_STATUSES, jobCreateBody, jobUploadQuery } from "./jobs";

/** POST /api/v1/jobs with a JSON body: a list, submitted at once (the API has no drafts). */
export const apiJobCreateBody = jobCreateBody.omit({ draft: true });

/**
 * POST /api/v1/jobs with a file as the body: what the file is and how to read it. Every field is
 * optional in the route schema (a JSON request needs none); a file request is checked against
 * `apiJobFileQuery` in the handler.
 */
export const apiJobFileQuery = jobUploadQuery;
export const apiJobCreateQuery = jobUploadQuery.partial();

/** GET /api/v1/jobs */
export const apiJobListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/v1/jobs/:id/results */
export const apiJobResultsQuery = z.object({
  cursor: z.coerce.number().int().min(-1).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
  status: z.enum(JOB_ITEM_STATUSES).optional(),
});

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** GET /api/v1/jobs/:id/download */
export const apiJobDownloadQuery = z.object({
  format: z.enum(["csv", "xlsx"]),
  rejected: flag.optional(),
});

export const apiJobParams = z.object({ id: z.uuid() });
