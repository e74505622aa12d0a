import type { Envelope } from "@nc/contracts/envelope";
import { ApiError } from "./api-error";
import { callHeaders, settle } from "./client";

export interface UploadOptions {
  query?: Record<string, string | undefined>;
  /** Share 0..1 of the file sent so far. */
  onProgress?(share: number): void;
  signal?: AbortSignal;
}

/**
 * POSTs a file as the raw body and returns the answer's `data`, with the same headers and the same
 * session and organisation handling as every other call (`settle`, docs/architecture.md
 * "Organisations and access"). XMLHttpRequest rather than fetch because only it reports upload
 * progress, which large files need; never retried, as a POST.
 */
export function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) query.set(name, value);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", query.size ? `${path}?${query}` : path);
    for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(settle<T>(xhr.status, xhr.response as Envelope<T> | null, xhr.statusText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(-1, "network", null, 0));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(file);
  });
}
