import { z } from "zod";
import { JOB_ITEM_STATUSES, jobCreateBody, jobUploadQuery } from "./jobs";

/** POST /api/v1/jobs with a JSON body: a list, submitted at once (the API has no drafts). */
export const apiJobCreateBody = jobCreateBody.omit({ draft: true });

/**
 * POST /api/v1/jobs with a file as the body: what the file is and how to read it. Every field is
 * optional in the route schema (a JSON request needs none), which reads the query once.
 */
export const apiJobCreateQuery = jobUploadQuery.partial();
/**
 * What a file request must also name, checked in the handler on the query the route schema already
 * read. Only fields whose parsing is idempotent belong here: a second pass over `header` would see
 * a boolean where the query had "true", and refuse it.
 */
export const apiJobFileQuery = jobUploadQuery.pick({ service: true, fileName: true });

/** GET /api/v1/jobs */
export const apiJobListQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The `nextCursor` of the previous page; absent for the first page." }),
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Jobs per page." }),
});

/** GET /api/v1/jobs/:id/results */
export const apiJobResultsQuery = z.object({
  cursor: z.coerce.number().int().min(-1).optional().meta({
    description: "The `nextCursor` of the previous page (the last `seq` read); absent for the first page.",
  }),
  limit: z.coerce.number().int().min(1).max(1_000).default(100).meta({ description: "Rows per page." }),
  status: z.enum(JOB_ITEM_STATUSES).optional().meta({
    description: "Only rows in this state: `done`, `failed`, `rejected` (or `queued`, not yet checked).",
  }),
});

const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** GET /api/v1/jobs/:id/download */
export const apiJobDownloadQuery = z.object({
  format: z.enum(["csv", "xlsx"]).meta({ description: "The file type." }),
  rejected: flag.optional().meta({
    description:
      "`true` for the rows that were not checked (duplicates, invalid, cancelled) with the reason.",
  }),
});

export const apiJobParams = z.object({ id: z.uuid().meta({ description: "The job's id." }) });
