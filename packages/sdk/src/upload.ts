import type { RequestBody } from "./http.js";

/** Anything with a size that can be streamed again: a Blob, a File, or `fileFromPath`'s answer. */
export interface FileLike {
  readonly size: number;
  readonly name?: string;
  readonly type?: string;
  stream(): ReadableStream<Uint8Array>;
}

/** What `jobs.upload` accepts as the file. */
export type UploadFile =
  | FileLike
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>
  | ArrayBuffer
  | Uint8Array
  | string;

export interface UploadProgress {
  /** Bytes handed to the connection so far. */
  sent: number;
  /** The file's size when known. */
  total: number | null;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  csv: "text/csv",
  txt: "text/plain",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The media type sent: the caller's, the Blob's, else by the file name's extension; never JSON. */
export function uploadContentType(fileName: string, given?: string, blobType?: string): string {
  const extension = fileName.split(".").pop()?.toLowerCase() ?? "";
  const type = given || blobType || TYPES_BY_EXTENSION[extension] || "application/octet-stream";
  // A JSON content type would make the server read the body as a list of numbers.
  return /json/i.test(type) ? "application/octet-stream" : type;
}

const isFileLike = (file: UploadFile): file is FileLike =>
  typeof file === "object" && "stream" in file && typeof file.stream === "function" && "size" in file;

/** Whether this runtime sends a ReadableStream as a request body (the Fetch standard's test). */
function streamsRequests(): boolean {
  let duplexAccessed = false;
  try {
    const hasContentType = new Request("http://localhost/", {
      body: new ReadableStream(),
      method: "POST",
      get duplex() {
        duplexAccessed = true;
        return "half";
      },
    } as RequestInit).headers.has("Content-Type");
    return duplexAccessed && !hasContentType;
  } catch {
    return false;
  }
}

/** Counts the bytes read from a stream (those the connection took) and reports them. */
function counted(
  stream: ReadableStream<Uint8Array>,
  total: number | null,
  onProgress?: (progress: UploadProgress) => void,
): ReadableStream<Uint8Array> {
  if (!onProgress) return stream;
  let sent = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        sent += chunk.byteLength;
        onProgress({ sent, total });
      },
    }),
  );
}

function iterableStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === "string" ? new TextEncoder().encode(value) : value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

/**
 * The body of a file upload. A Blob or FileLike is streamed anew at each attempt (so it may be
 * retried), counted for `onProgress`; in a page, where a browser streams request bodies only over
 * HTTP/2 if at all, a Blob is sent whole and reported once sent. A caller's stream is read once.
 */
export function uploadBody(
  file: UploadFile,
  contentType: string,
  total: number | null,
  onProgress?: (progress: UploadProgress) => void,
): RequestBody & { sentWhole(): void } {
  if (typeof file === "string" || file instanceof ArrayBuffer || file instanceof Uint8Array) {
    const part = typeof file === "string" ? file : new Uint8Array(file as Uint8Array<ArrayBuffer>);
    return uploadBody(new Blob([part]), contentType, total, onProgress);
  }
  if (isFileLike(file)) {
    // A page (not a worker, Node.js, Deno or Bun): the browser sends the Blob whole.
    const page = typeof (globalThis as { document?: unknown }).document !== "undefined";
    const whole = file instanceof Blob && (page || !streamsRequests());
    const size = total ?? file.size;
    return {
      contentType,
      replayable: true,
      make: () =>
        whole
          ? { body: file as Blob, stream: false }
          : { body: counted(file.stream(), size, onProgress), stream: true },
      sentWhole: () => {
        if (whole) onProgress?.({ sent: size, total: size });
      },
    };
  }
  const stream = file instanceof ReadableStream ? file : iterableStream(file);
  let used = false;
  return {
    contentType,
    replayable: false,
    make: () => {
      if (used) throw new TypeError("a stream can be uploaded once");
      used = true;
      return { body: counted(stream, total, onProgress), stream: true };
    },
    sentWhole: () => undefined,
  };
}
