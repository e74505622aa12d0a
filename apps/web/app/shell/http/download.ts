import { TENANT_HEADER } from "@nc/contracts/tenant-selection";
import { ApiError } from "./api-error";

/**
 * Fetches a file the server streams and hands it to the browser to save. A plain link cannot
 * carry the organisation header, so the file is fetched and passed on as a blob; errors come back
 * as the usual envelope and are thrown as ApiError.
 */
export async function saveDownload(
  path: string,
  query: Record<string, string>,
  via: { tenantId: string; locale: string },
  fallbackName: string,
  /** A download that needs a body (a password that must not sit in a URL) is POSTed as JSON. */
  post?: { method: "POST"; body: unknown },
): Promise<void> {
  const search = new URLSearchParams(query).toString();
  const response = await fetch(search ? `${path}?${search}` : path, {
    method: post?.method ?? "GET",
    headers: {
      [TENANT_HEADER]: via.tenantId,
      "x-locale": via.locale,
      ...(post ? { "content-type": "application/json" } : {}),
    },
    ...(post ? { body: JSON.stringify(post.body) } : {}),
    credentials: "same-origin",
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code: number; msg: string } | null;
    throw new ApiError(envelope?.code ?? 50000, envelope?.msg ?? response.statusText, null, response.status);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  saveBlob(blob, name);
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
