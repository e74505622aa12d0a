import type { z } from "zod";
import { LookupError } from "../types";
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
 * retry policy, the breaker and the router understand: a network failure or an unreadable,
 * oversized or off-contract answer is "upstream" (retryable: a proxy's error page or a cut
 * connection passes); a non-2xx status is classified by errorForStatus (402 out of credit, 429 and
 * 5xx retryable, other 4xx rejected). The caller's abort is passed on as its own reason.
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
    const code = options.errorCode?.(parseOrNull(text)) ?? null;
    throw errorForStatus(service, response.status, response.headers.get("retry-after"), code);
  }
  const body = parseOrNull(text);
  if (body === null) throw new LookupError(`${service}: unreadable answer`, "upstream", true);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    // Paths and issue codes only: values may hold the subscriber's number.
    const where = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.code}`)
      .join("; ");
    throw new LookupError(`${service}: answer does not follow the contract (${where})`, "upstream", true);
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

async function readCapped(
  response: Response,
  maxBytes: number,
  service: string,
  signal: AbortSignal | undefined,
): Promise<string> {
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
        throw new LookupError(`${service}: answer larger than ${maxBytes} bytes`, "upstream", true);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof LookupError) throw error;
    throw new LookupError(`${service}: answer cut off: ${(error as Error).message}`, "upstream", true);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
