import { SESSION_INVALID_CODE } from "@nc/contracts/errors";
import { NOTICE_POLL_INTERVAL_MS } from "@nc/contracts/notices";
import { ApiError } from "../../shell/http/api-error";

/** A dead session (HTTP 401 or code 40099): polling stops for good (docs/architecture.md, "Organisations and access"; docs/architecture.md, "Decisions and why"). */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === SESSION_INVALID_CODE);
}

export interface UnreadPollerOptions {
  /** One unread_count call; it throws on failure. */
  fetchCount: () => Promise<number>;
  onCount: (count: number) => void;
  intervalMs?: number;
  /**
   * When the count in hand was taken (ms since the epoch), if any. A count younger than one
   * interval, such as the one the page came with, is not asked again at start: the first call
   * waits for the interval.
   */
  countTakenAt?: () => number | undefined;
}

export interface UnreadPoller {
  /**
   * Polls while a tenant is active and the tab is visible: at once (unless the count in hand is
   * younger than one interval), then every interval.
   */
  update(state: { tenantActive: boolean; visible: boolean }): void;
  /** Stopped by an authentication error: nothing restarts it. */
  readonly stoppedByAuth: boolean;
  dispose(): void;
}

/**
 * The notice counter's polling rule (docs/architecture.md, "Organisations and access"): every 10 seconds, only while the tab is not
 * hidden and a tenant is active; other errors are ignored, an authentication error stops it.
 */
export function createUnreadPoller(options: UnreadPollerOptions): UnreadPoller {
  const intervalMs = options.intervalMs ?? NOTICE_POLL_INTERVAL_MS;
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight = false;
  let stoppedByAuth = false;
  let disposed = false;

  const halt = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  async function tick() {
    if (inFlight || disposed || stoppedByAuth) return;
    inFlight = true;
    try {
      const count = await options.fetchCount();
      if (!disposed && !stoppedByAuth) options.onCount(count);
    } catch (error) {
      if (isAuthError(error)) {
        stoppedByAuth = true;
        halt();
      }
    } finally {
      inFlight = false;
    }
  }

  return {
    update({ tenantActive, visible }) {
      const wanted = tenantActive && visible && !stoppedByAuth && !disposed;
      if (wanted && timer === undefined) {
        timer = setInterval(() => void tick(), intervalMs);
        const takenAt = options.countTakenAt?.();
        if (takenAt === undefined || Date.now() - takenAt >= intervalMs) void tick();
      } else if (!wanted) {
        halt();
      }
    },
    get stoppedByAuth() {
      return stoppedByAuth;
    },
    dispose() {
      disposed = true;
      halt();
    },
  };
}
