import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../shell/http/api-error";
import { createUnreadPoller, isAuthError } from "./unread-poller";

describe("notice unread polling (docs/architecture.md)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(fetchCount = vi.fn(async () => 3)) {
    const onCount = vi.fn();
    const poller = createUnreadPoller({ fetchCount, onCount });
    return { poller, fetchCount, onCount };
  }
  const on = { tenantActive: true, visible: true };

  it("asks at once, then every 10 seconds", async () => {
    const { poller, fetchCount, onCount } = setup();
    poller.update(on);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    expect(onCount).toHaveBeenLastCalledWith(3);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchCount).toHaveBeenCalledTimes(5);
    // Repeating the same state does not start a second timer.
    poller.update(on);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchCount).toHaveBeenCalledTimes(6);
    poller.dispose();
  });

  it("does not ask at once for a count the page came with, only after the interval", async () => {
    const fetchCount = vi.fn(async () => 4);
    const poller = createUnreadPoller({
      fetchCount,
      onCount: () => {},
      countTakenAt: () => Date.now() - 2_000,
    });
    poller.update(on);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchCount).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    poller.dispose();
  });

  it("asks at once when the count in hand is an interval old or more, or there is none", async () => {
    for (const takenAt of [() => Date.now() - 10_000, () => undefined]) {
      const fetchCount = vi.fn(async () => 4);
      const poller = createUnreadPoller({ fetchCount, onCount: () => {}, countTakenAt: takenAt });
      poller.update(on);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchCount).toHaveBeenCalledTimes(1);
      poller.dispose();
    }
  });

  it("pauses while the tab is hidden and resumes (with a fresh count) when it shows again", async () => {
    const { poller, fetchCount } = setup();
    poller.update(on);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    poller.update({ tenantActive: true, visible: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    poller.update(on);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchCount).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchCount).toHaveBeenCalledTimes(4);
    poller.dispose();
  });

  it("never asks while hidden from the start", async () => {
    const { poller, fetchCount } = setup();
    poller.update({ tenantActive: true, visible: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount).not.toHaveBeenCalled();
  });

  it("does not poll without an active tenant, and stops when the tenant goes", async () => {
    const { poller, fetchCount } = setup();
    poller.update({ tenantActive: false, visible: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount).not.toHaveBeenCalled();
    poller.update(on);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    poller.update({ tenantActive: false, visible: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["HTTP 401", new ApiError(40099, "session", null, 401)],
    ["code 40099 on another status", new ApiError(40099, "session", null, 200)],
    ["HTTP 401 with another code", new ApiError(40100, "unauthorised", null, 401)],
  ])("stops for good after an authentication error (%s)", async (_, error) => {
    const fetchCount = vi.fn().mockResolvedValueOnce(2).mockRejectedValueOnce(error).mockResolvedValue(9);
    const { poller, onCount } = setup(fetchCount);
    poller.update(on);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    expect(poller.stoppedByAuth).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    // Hidden and shown again, or the tenant set again: still stopped.
    poller.update({ tenantActive: true, visible: false });
    poller.update(on);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    expect(onCount.mock.calls).toEqual([[2]]);
  });

  it("ignores other errors and keeps polling", async () => {
    const fetchCount = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(50000, "boom", null, 500))
      .mockRejectedValueOnce(new ApiError(-1, "network", null, 0))
      .mockRejectedValueOnce(new ApiError(40036, "not a member", null, 200))
      .mockResolvedValue(4);
    const { poller, onCount } = setup(fetchCount);
    poller.update(on);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchCount).toHaveBeenCalledTimes(4);
    expect(poller.stoppedByAuth).toBe(false);
    expect(onCount.mock.calls).toEqual([[4]]);
    poller.dispose();
  });

  it("does not overlap a slow call, and drops a late answer after dispose", async () => {
    let resolve: (n: number) => void = () => {};
    const fetchCount = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    const { poller, onCount } = setup(fetchCount);
    poller.update(on);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    poller.dispose();
    resolve(7);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onCount).not.toHaveBeenCalled();
    expect(fetchCount).toHaveBeenCalledTimes(1);
  });

  it("tells authentication errors from the rest", () => {
    expect(isAuthError(new ApiError(40099, "x", null, 401))).toBe(true);
    expect(isAuthError(new ApiError(40300, "x", null, 403))).toBe(false);
    expect(isAuthError(new Error("x"))).toBe(false);
  });
});
