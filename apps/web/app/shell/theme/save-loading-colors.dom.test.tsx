import { render } from "@testing-library/react";
import { ConfigProvider } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOADING_BG_KEY, LOADING_PRIMARY_KEY } from "./color-mode";
import { SaveLoadingColors } from "./save-loading-colors";

describe("SaveLoadingColors", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("writes the theme's loading colours once the browser is idle, not while the page mounts", () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (work: () => void) => idle.push(work));
    vi.stubGlobal("cancelIdleCallback", () => {});
    render(
      <ConfigProvider theme={{ token: { colorPrimary: "#0c7a43", colorBgLayout: "#f5f5f5" } }}>
        <SaveLoadingColors />
      </ConfigProvider>,
    );
    expect(localStorage.getItem(LOADING_BG_KEY)).toBeNull();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(localStorage.getItem(LOADING_BG_KEY)).toBe("#f5f5f5");
    expect(localStorage.getItem(LOADING_PRIMARY_KEY)).toBe("#0c7a43");
  });

  it("falls back to a timer where the browser has no idle callback", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    render(
      <ConfigProvider theme={{ token: { colorPrimary: "#0c7a43", colorBgLayout: "#f5f5f5" } }}>
        <SaveLoadingColors />
      </ConfigProvider>,
    );
    expect(localStorage.getItem(LOADING_PRIMARY_KEY)).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem(LOADING_PRIMARY_KEY)).toBe("#0c7a43");
    vi.useRealTimers();
  });
});
