import { HttpClient } from "./http.js";
import {
  BalanceResource,
  CoverageResource,
  ReceiptsResource,
  StatementsResource,
  UsageResource,
} from "./resources/account.js";
import { CheckResource } from "./resources/check.js";
import { JobsResource } from "./resources/jobs.js";
import { RequestsResource } from "./resources/requests.js";
import { DEFAULT_RETRY_DELAY, type RetryDelay } from "./retry.js";

export interface NumcheckOptions {
  /** The API key (`nc_live_…` or `nc_test_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The site's origin, e.g. `https://your-site.example`. */
  baseUrl: string;
  /** Retries after the first attempt; default 2, 0 turns them off. */
  maxRetries?: number;
  /** Time allowed to each attempt; default 60000 ms. */
  timeoutMs?: number;
  /** Accept-Language of every call: `en`, `es`, `pt` or `zh-Hans`. */
  locale?: string;
  /** Backoff when an answer gives no Retry-After; default `{ baseMs: 500, maxMs: 20000 }`. */
  retryDelay?: Partial<RetryDelay>;
  /** Another fetch; default the global one. */
  fetch?: typeof fetch;
  /** Extra headers sent with every call. */
  headers?: Record<string, string>;
}

/** The client of the public API (/api/v1). */
export class Numcheck {
  readonly check: CheckResource;
  readonly jobs: JobsResource;
  readonly usage: UsageResource;
  readonly balance: BalanceResource;
  readonly coverage: CoverageResource;
  readonly receipts: ReceiptsResource;
  readonly statements: StatementsResource;
  readonly requests: RequestsResource;

  constructor(options: NumcheckOptions) {
    if (!options?.apiKey) throw new TypeError("Numcheck needs an apiKey");
    if (!options.baseUrl) throw new TypeError("Numcheck needs a baseUrl (the site's address)");
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== "function")
      throw new TypeError("No fetch: use Node.js 18+ or pass options.fetch");
    const http = new HttpClient({
      apiKey: options.apiKey,
      baseUrl: new URL(options.baseUrl).toString(),
      maxRetries: options.maxRetries ?? 2,
      timeoutMs: options.timeoutMs ?? 60_000,
      locale: options.locale,
      retryDelay: { ...DEFAULT_RETRY_DELAY, ...options.retryDelay },
      // Called unbound: a browser's fetch refuses another `this`.
      fetch: (input, init) => fetchImpl(input, init),
      headers: { ...options.headers },
    });
    this.check = new CheckResource(http);
    this.jobs = new JobsResource(http);
    this.usage = new UsageResource(http);
    this.balance = new BalanceResource(http);
    this.coverage = new CoverageResource(http);
    this.receipts = new ReceiptsResource(http);
    this.statements = new StatementsResource(http);
    this.requests = new RequestsResource(http);
  }
}
