import type { Envelope } from "@nc/contracts/envelope";
import { ApiError, DOWNLOAD_WITHOUT_FILE_CODE } from "./api-error";
import { send, settle, tenantHeaders } from "./client";

/**
 * Fetches a file the server streams and hands it to the browser to save. A plain link cannot
 * carry the organisation header, so the file is fetched and passed on as a blob. It is sent and
 * judged as every other call (`send`, `settle` in client.ts): a GET is retried once, a lost
 * session or organisation moves the person on, and any envelope is thrown as ApiError, never saved.
 * A success envelope is ApiError DOWNLOAD_WITHOUT_FILE_CODE.
 */
export async function saveDownload(
  path: string,
  query: Record<string, string>,
  via: { tenantId: string; locale: string },
  fallbackName: string,
  /** A download that needs a body (a password that must not sit in a URL) is POSTed as JSON. */
  post?: { method: "POST"; body: unknown },
): Promise<void> {
  const response = await send<Blob, "blob">(path, {
    method: post?.method ?? "GET",
    query,
    headers: tenantHeaders(via.locale, via.tenantId),
    ...(post ? { body: post.body as Record<string, unknown> } : {}),
    credentials: "same-origin",
    responseType: "blob",
  });
  const blob = response._data ?? new Blob([]);
  // A JSON answer is the envelope, even with a 200 (a lost organisation is one), unless the server
  // marked it as a file to save (a person's own data is a JSON file).
  const disposition = response.headers.get("content-disposition") ?? "";
  const envelope =
    /\bjson\b/.test(response.headers.get("content-type") ?? "") && !/^attachment\b/.test(disposition);
  if (envelope || !response.ok) {
    const body = envelope ? await readEnvelope(blob) : null;
    settle(response.status, body, response.statusText);
    // A successful envelope carries no file either: the person is told it failed (errorText in
    // shell/forms/api-error-feedback.ts words it).
    throw new ApiError(DOWNLOAD_WITHOUT_FILE_CODE, "noFile", body?.data ?? null, response.status);
  }
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(blob, name);
}

async function readEnvelope(blob: Blob): Promise<Envelope<unknown> | null> {
  try {
    return JSON.parse(await blob.text()) as Envelope<unknown>;
  } catch {
    return null;
  }
}

/**
 * Hands a blob to the browser to save under a name, through a temporary link. The object URL is
 * freed a little later, once the browser has started reading it.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
