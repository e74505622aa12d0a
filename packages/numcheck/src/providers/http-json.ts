import type { z } from "zod";
import { LookupError, UnreadableAnswerError } from "../types";
import { errorForStatus } from "./http-error";

/** A provider answer larger than this is refused: real ones are a few kilobytes (docs/providers.md). */
export const MAX_ANSWER_BYTES = 256 * 1024;

export interface GetJsonOptions<T> {
  /** Names the provider and call in errors and logs ("tyntec gnv"); never the number. */
  service: string;
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** The answer as the provider's contract describes it; anything else is refused. */
  schema: z.ZodType<T>;
  /** The provider's own code in an error body (Twilio's `code`, tyntec's problem `type`), if any. */
  errorCode?: (body: unknown) => string | null;
  maxBytes?: number;
}

/**
 * One GET to a provider's JSON API, with every way it can go wrong turned into a LookupError the
 * retry policy, the breaker and the router understand: a network failure is "upstream" (retryable);
 * a non-2xx status is classified by errorForStatus (402 out of credit, 429 and 5xx retryable, other
 * 4xx rejected). A 2xx answer that cannot be read (not JSON, cut off, oversized, or a field the
 * adapter reads of the wrong type) is an UnreadableAnswerError: the provider answered and charged,
 * so it is never asked again for it, but its breaker counts it and the router asks the next
 * provider (docs/providers.md, "Failures"). The caller's abort is passed on as its own reason.
 */
export async function getJson<T>(options: GetJsonOptions<T>): Promise<T> {
  const { service, signal } = options;
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      headers: { accept: "application/json", ...options.headers },
      redirect: "error",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new LookupError(`${service}: network failure: ${(error as Error).message}`, "upstream", true);
  }
  const text = await readCapped(response, options.maxBytes ?? MAX_ANSWER_BYTES, service, signal);
  if (!response.ok) {
    const code = typeof text === "string" ? (options.errorCode?.(parseOrNull(text)) ?? null) : null;
    throw errorForStatus(service, response.status, response.headers.get("retry-after"), code);
  }
  if (text instanceof LookupError) throw new UnreadableAnswerError(text.message, ["(body)"]);
  const body = parseOrNull(text);
  if (body === null) throw new UnreadableAnswerError(`${service}: unreadable answer`, ["(body)"]);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    // Paths and issue codes only: values may hold the subscriber's number.
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "(root)"))];
    const where = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.code}`)
      .join("; ");
    throw new UnreadableAnswerError(`${service}: answer does not follow the contract (${where})`, fields);
  }
  return parsed.data;
}

function parseOrNull(text: string): unknown {
  try {
    return text === "" ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** The body as text, or the LookupError that stopped reading it (the caller knows the status). */
async function readCapped(
  response: Response,
  maxBytes: number,
  service: string,
  signal: AbortSignal | undefined,
): Promise<string | LookupError> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return new LookupError(`${service}: answer larger than ${maxBytes} bytes`, "upstream", true);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return new LookupError(`${service}: answer cut off: ${(error as Error).message}`, "upstream", true);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
