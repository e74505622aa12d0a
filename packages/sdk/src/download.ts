/** A file the API answered with (a job's results, a receipt, a statement). Read its body once. */
export interface DownloadedFile {
  /** The answer's media type, e.g. `text/csv`. */
  contentType: string;
  /** The name given by Content-Disposition, when there is one. */
  fileName: string | null;
  /** The bytes as they arrive. */
  body: ReadableStream<Uint8Array>;
  blob(): Promise<Blob>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The file name of a Content-Disposition header: `filename*` (RFC 6266, UTF-8) before `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed percent-encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name || null;
}

export function downloadedFile(response: Response): DownloadedFile {
  const body = response.body ?? new Blob([]).stream();
  return {
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
    fileName: dispositionFileName(response.headers.get("content-disposition")),
    body,
    blob: () => response.blob(),
    arrayBuffer: () => response.arrayBuffer(),
  };
}
