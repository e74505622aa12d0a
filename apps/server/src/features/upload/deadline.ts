import type { AppError } from "../../core/app-error";
import { uploadError } from "./upload-error";

/**
 * When reading one upload must be over, sending included (UPLOAD_MAX_SECONDS): an upload holds
 * one of the process's few slots while it is read, so the time it may hold it is bounded too,
 * whatever makes it slow (a client sending a byte a minute, a workbook that is cheap to send and
 * dear to read). Checked between pieces of the file; a stalled sender is cut off by a timer.
 */
export class ReadDeadline {
  private readonly at: number;

  constructor(readonly seconds: number) {
    this.at = Date.now() + seconds * 1000;
  }

  /** Milliseconds left (0 once passed). */
  get left(): number {
    return Math.max(0, this.at - Date.now());
  }

  /** Throws fileReadTooSlow once the deadline has passed. */
  check(): void {
    if (Date.now() >= this.at) throw this.error();
  }

  error(): AppError {
    return uploadError("fileReadTooSlow", { seconds: this.seconds });
  }
}
