import { z } from "zod";
import { API_REQUEST_METHODS } from "./api-request-log";

/**
 * The API request log (GET /api/v1/requests, the dashboard's API requests page): every public API
 * call of a known key, newest first, kept API_CALL_RETENTION_DAYS (30 by default).
 */

/** A status (`404`) or a status class (`4xx`). */
const STATUS_FILTER = /^[1-5](\d\d|xx)$/;

const optionalTime = (description: string) =>
  z.iso
    .datetime({ offset: true, error: "invalid_format" })
    .optional()
    .meta({ description, examples: ["2026-03-14T09:26:53Z"] });

/** GET /api/v1/requests and GET /api/tenant/api-requests */
export const apiRequestListQuery = z.object({
  from: optionalTime("Only requests made at or after this time."),
  to: optionalTime("Only requests made before this time."),
  keyId: z
    .uuid({ error: "invalid_format" })
    .optional()
    .meta({ description: "Only requests made with this API key (its id)." }),
  status: z
    .string()
    .trim()
    .toLowerCase()
    .regex(STATUS_FILTER, { error: "invalid_format" })
    .optional()
    .meta({
      description: "Only this HTTP status (`404`) or status class (`2xx`, `4xx`, `5xx`).",
      examples: ["4xx"],
    }),
  method: z.enum(API_REQUEST_METHODS).optional().meta({ description: "Only this HTTP method." }),
  path: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "Only paths that start with this.", examples: ["/api/v1/jobs"] }),
  errorCode: z.coerce
    .number()
    .int()
    .min(10_000)
    .max(99_999)
    .optional()
    .meta({ description: "Only answers with this error code.", examples: [40001] }),
  requestId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Only the request with this id (the `X-Request-Id` answer header)." }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The `nextCursor` of the previous page; absent for the first page." }),
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: "Requests per page." }),
});
export type ApiRequestListQuery = z.infer<typeof apiRequestListQuery>;

/** The header every answer carries (documented on every operation of the OpenAPI document). */
export const REQUEST_ID_HEADER = z.string().meta({
  description:
    "This request's id: quote it to support, or find the request with `GET /api/v1/requests?requestId=`.",
  examples: ["req_5f0c8e2b9a4d4c1e8b7a6f5e4d3c2b1a"],
});
