import type { HttpClient, RequestOptions } from "../http.js";
import type { BatchAnswer, BatchParams, CheckAnswer, CheckParams } from "../types.js";

/** POST /api/v1/check and /api/v1/check/batch (scope `check`). */
export class CheckResource {
  constructor(private readonly http: HttpClient) {}

  /** One number, answered at once. */
  number(params: CheckParams, options?: RequestOptions): Promise<CheckAnswer> {
    return this.http.json({ method: "POST", path: "/api/v1/check", json: params }, options);
  }

  /** 1–100 numbers, answered in order; a number that could not be checked carries its error. */
  batch(params: BatchParams, options?: RequestOptions): Promise<BatchAnswer> {
    return this.http.json({ method: "POST", path: "/api/v1/check/batch", json: params }, options);
  }
}
