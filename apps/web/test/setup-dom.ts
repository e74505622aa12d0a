import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { installScreen, resetScreen } from "./screen";

/**
 * What antd reads from a browser that happy-dom leaves out or answers differently: media queries
 * (Grid breakpoints, the colour-mode switch's system scheme: test/screen.ts), element resizing (tables, tabs,
 * overflow menus) and getComputedStyle with a pseudo element (antd's scrollbar measurement).
 */
installScreen();

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  computed(element, pseudo ? null : pseudo);

// Scrolling a list into view (antd's Select, Table) is a no-op without layout.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetScreen();
});
