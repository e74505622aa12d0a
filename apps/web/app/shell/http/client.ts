import type { Envelope } from "@nc/contracts/envelope";
import { ERRORS, SESSION_INVALID_CODE, TENANT_SELECTION_CODES } from "@nc/contracts/errors";
import { TENANT_HEADER } from "@nc/contracts/tenant-selection";
import {
  type FetchError,
  type FetchOptions,
  type FetchResponse,
  type MappedResponseType,
  ofetch,
  type ResponseType,
} from "ofetch";
import { ApiError } from "./api-error";

/** What the app does when a call says the session or the tenant is gone (docs/architecture.md, "Decisions and why"). */
export interface ClientHooks {
  locale(): string;
  /** The active organisation, sent as x-tenant-id on every call. */
  tenantId(): string | null;
  /** The session is gone: load the signed-in state again. Runs on every 401/40099. */
  refreshSession(): void;
  /** ...and, unless the call ignores auth errors: forget the tenant state and go to sign-in. */
  onAuthError(): void;
  /** 40035-40038, 40081: the organisation cannot be used; `message` is the server's reason. */
  onTenantError(code: number, message: string): void;
}

let hooks: ClientHooks = {
  locale: () => "en",
  tenantId: () => null,
  refreshSession() {},
  onAuthError() {},
  onTenantError() {},
};
export function setClientHooks(next: ClientHooks) {
  hooks = next;
}

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Skip all error handling: the envelope comes back as it is. */
  ignoreError?: boolean;
  /**
   * On 401/40099 only refresh the session: no sign-in page, the tenant state stays (e.g. signing
   * out, where the session being gone already is the wanted outcome).
   */
  ignoreAuthError?: boolean;
  signal?: AbortSignal;
}

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];

/** Retry rule of docs/architecture.md, "Decisions and why": once for idempotent methods, never for the others. */
export function retriesFor(method: string): number {
  return IDEMPOTENT.has(method.toUpperCase()) ? 1 : 0;
}

export function tenantHeaders(locale: string, tenantId: string | null): Record<string, string> {
  return tenantId ? { "x-locale": locale, [TENANT_HEADER]: tenantId } : { "x-locale": locale };
}

const base = ofetch.create({ baseURL: "/", retryStatusCodes: RETRY_STATUSES, retryDelay: 300 });

/**
 * Asks the person for a fresh proof when a call needs one (403 / 40340, docs/security.md,
 * "Step-up"); answers whether it was given. Set by the step-up dialog's host while it is mounted.
 */
export type StepUpHandler = (refusal: ApiError) => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;
let stepUpPending: Promise<boolean> | null = null;
export function setStepUpHandler(next: StepUpHandler | null) {
  stepUpHandler = next;
}

/** One dialog for calls refused at once: they all wait for the same proof. */
function proveStepUp(refusal: ApiError): Promise<boolean> {
  if (!stepUpHandler) return Promise.resolve(false);
  stepUpPending ??= stepUpHandler(refusal).finally(() => {
    stepUpPending = null;
  });
  return stepUpPending;
}

/**
 * Calls the dashboard API and returns `data`, or throws ApiError with the server's message. A call
 * that needs a fresh proof is sent once more after the person gave it, never more.
 */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  try {
    return await callOnce<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== ERRORS.stepUpRequired.code || options.ignoreError)
      throw error;
    if (!(await proveStepUp(error))) throw error;
    return callOnce<T>(path, options);
  }
}

async function callOnce<T>(path: string, options: CallOptions): Promise<T> {
  const response = await send<Envelope<T>>(path, {
    method: options.method ?? "GET",
    body: options.body as Record<string, unknown> | undefined,
    query: options.query,
    signal: options.signal,
    headers: callHeaders(),
  });
  return settle(response.status, response._data, response.statusText, options);
}

/**
 * Sends one call under the retry rule and returns the final answer whatever its status, for
 * `settle` to judge; `api` and file downloads both go through here. A call that got no answer at
 * all is ApiError "network"; an abort is passed on as it is.
 */
export async function send<T, R extends ResponseType = "json">(
  path: string,
  options: FetchOptions<R> & { method: NonNullable<CallOptions["method"]> },
): Promise<FetchResponse<MappedResponseType<R, T>>> {
  // Error statuses must reach ofetch's error path: that path is where it retries (ignoreResponseError
  // would skip it), and the body of the final answer rides on the thrown error's response.
  try {
    return await base.raw<T, R>(path, { ...options, retry: retriesFor(options.method) });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    const failed = (error as FetchError<MappedResponseType<R, T>>).response;
    if (!failed) throw new ApiError(-1, "network", null, 0);
    return failed;
  }
}

/** The headers every call carries: the page's language and the tab's organisation. */
export function callHeaders(): Record<string, string> {
  return tenantHeaders(hooks.locale(), hooks.tenantId());
}

/**
 * What every answer goes through, whatever sent the call (`api`, `upload`, `saveDownload`): the
 * session and organisation hooks, then `data`, or ApiError with the server's message.
 */
export function settle<T>(
  status: number,
  body: Envelope<T> | null | undefined,
  statusText: string,
  options: Pick<CallOptions, "ignoreError" | "ignoreAuthError"> = {},
): T {
  const envelope: Envelope<T> = body ?? {
    code: status >= 500 ? 50000 : 40000,
    msg: statusText,
    data: null as T,
  };
  if (options.ignoreError) {
    if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.msg, envelope.data, status);
    return envelope.data;
  }
  if (status === 401 || envelope.code === SESSION_INVALID_CODE) {
    // docs/architecture.md, "Decisions and why": the session is refreshed either way; ignoring auth errors only spares the
    // redirect to sign-in and the loss of the tenant state.
    hooks.refreshSession();
    if (!options.ignoreAuthError) hooks.onAuthError();
  } else if (status >= 200 && status < 300 && TENANT_SELECTION_CODES.includes(envelope.code)) {
    hooks.onTenantError(envelope.code, envelope.msg);
  }
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.msg, envelope.data, status);
  return envelope.data;
}
