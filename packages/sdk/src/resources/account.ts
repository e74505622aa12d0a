import { type DownloadedFile, downloadedFile } from "../download.js";
import { type HttpClient, type RequestOptions, segment } from "../http.js";
import type {
  Balance,
  Coverage,
  CoverageParams,
  Receipts,
  StatementMonths,
  Usage,
  UsageParams,
} from "../types.js";

/** GET /api/v1/usage (scope `usage:read`). */
export class UsageResource {
  constructor(private readonly http: HttpClient) {}

  /** Calls, errors, numbers and cost per day, `from` and `to` (YYYY-MM-DD) included. */
  get(params: UsageParams, options?: RequestOptions): Promise<Usage> {
    return this.http.json({ method: "GET", path: "/api/v1/usage", query: { ...params } }, options);
  }
}

/** GET /api/v1/balance (scope `usage:read`). */
export class BalanceResource {
  constructor(private readonly http: HttpClient) {}

  get(options?: RequestOptions): Promise<Balance> {
    return this.http.json({ method: "GET", path: "/api/v1/balance" }, options);
  }
}

/** GET /api/v1/coverage (any scope). */
export class CoverageResource {
  constructor(private readonly http: HttpClient) {}

  /** Per country and service: availability, price now and measured answers. */
  get(params: CoverageParams = {}, options?: RequestOptions): Promise<Coverage> {
    return this.http.json({ method: "GET", path: "/api/v1/coverage", query: { ...params } }, options);
  }
}

/** GET /api/v1/receipts (scope `usage:read`). */
export class ReceiptsResource {
  constructor(private readonly http: HttpClient) {}

  /** Credited top-ups, newest first (the latest 100). */
  list(options?: RequestOptions): Promise<Receipts> {
    return this.http.json({ method: "GET", path: "/api/v1/receipts" }, options);
  }

  /** A top-up's receipt, PDF, in the client's locale. */
  async download(id: string, options?: RequestOptions): Promise<DownloadedFile> {
    return downloadedFile(
      await this.http.file({ method: "GET", path: `/api/v1/receipts/${segment(id)}` }, options),
    );
  }
}

/** GET /api/v1/statements (scope `usage:read`). */
export class StatementsResource {
  constructor(private readonly http: HttpClient) {}

  /** Months with a statement, newest first (at most 24). */
  list(options?: RequestOptions): Promise<StatementMonths> {
    return this.http.json({ method: "GET", path: "/api/v1/statements" }, options);
  }

  /** A month's statement (YYYY-MM), PDF, in the client's locale. */
  async download(month: string, options?: RequestOptions): Promise<DownloadedFile> {
    return downloadedFile(
      await this.http.file({ method: "GET", path: `/api/v1/statements/${segment(month)}` }, options),
    );
  }
}
