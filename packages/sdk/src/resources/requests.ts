import type { HttpClient, RequestOptions } from "../http.js";
import { type Page, paginate } from "../pagination.js";
import type { ApiRequest, ListRequestsParams } from "../types.js";

/** GET /api/v1/requests (scope `usage:read`): the organisation's API requests of the last 30 days. */
export class RequestsResource {
  constructor(private readonly http: HttpClient) {}

  /** One page, newest first; filters: period, key, status (`404`, `4xx`), method, path, error code, request id. */
  list(params: ListRequestsParams = {}, options?: RequestOptions): Promise<Page<ApiRequest, string>> {
    return this.http.json({ method: "GET", path: "/api/v1/requests", query: { ...params } }, options);
  }

  /** Every request matching the filters, page after page. */
  listAll(
    params: Omit<ListRequestsParams, "cursor"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<ApiRequest, void, undefined> {
    return paginate<ApiRequest, string>((cursor) => this.list({ ...params, cursor }, options));
  }
}
