import type { UploadView } from "@nc/contracts/jobs";
import type { ServiceCode } from "@nc/contracts/services";
import { type UploadOptions, upload } from "../../../shell/http/upload";

export interface UploadRequest extends Pick<UploadOptions, "onProgress" | "signal"> {
  file: File;
  service: ServiceCode;
  defaultCountry?: string;
  column?: number;
  header?: boolean;
}

/** POST /api/tenant/job/upload: the file itself is the body, streamed from disk, with progress. */
export function uploadFile(request: UploadRequest): Promise<UploadView> {
  return upload<UploadView>("/api/tenant/job/upload", request.file, {
    query: {
      service: request.service,
      fileName: request.file.name,
      defaultCountry: request.defaultCountry || undefined,
      column: request.column === undefined ? undefined : String(request.column),
      header: request.header === undefined ? undefined : String(request.header),
    },
    onProgress: request.onProgress,
    signal: request.signal,
  });
}
