import type { UploadView } from "@nc/contracts/jobs";
import type { ServiceCode } from "@nc/contracts/services";
import { TENANT_HEADER } from "@nc/contracts/tenancy";
import { ApiError } from "../../../shell/http/api-error";

export interface UploadRequest {
  tenantId: string;
  locale: string;
  file: File;
  service: ServiceCode;
  defaultCountry?: string;
  column?: number;
  header?: boolean;
  /** Share 0..1 of the file sent so far. */
  onProgress?(share: number): void;
  signal?: AbortSignal;
}

/**
 * POST /api/tenant/job/upload: the file itself is the body, streamed from disk. XMLHttpRequest
 * rather than fetch because only it reports upload progress, which large files need.
 */
export function uploadFile(request: UploadRequest): Promise<UploadView> {
  const params = new URLSearchParams({ service: request.service, fileName: request.file.name });
  if (request.defaultCountry) params.set("defaultCountry", request.defaultCountry);
  if (request.column !== undefined) params.set("column", String(request.column));
  if (request.header !== undefined) params.set("header", String(request.header));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/tenant/job/upload?${params}`);
    xhr.setRequestHeader(TENANT_HEADER, request.tenantId);
    xhr.setRequestHeader("x-locale", request.locale);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const envelope = xhr.response as { code: number; msg: string; data: unknown } | null;
      if (envelope && envelope.code === 0) resolve(envelope.data as UploadView);
      else
        reject(
          new ApiError(
            envelope?.code ?? 50000,
            envelope?.msg ?? xhr.statusText,
            envelope?.data ?? null,
            xhr.status,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(-1, "network", null, 0));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    request.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(request.file);
  });
}
