import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

/**
 * What antd reads from a browser that happy-dom leaves out or answers differently: media queries
 * (Grid breakpoints, the colour-mode switch's system scheme), element resizing (tables, tabs,
 * overflow menus) and getComputedStyle with a pseudo element (antd's scrollbar measurement).
 */
if (!window.matchMedia || !("addListener" in (window.matchMedia("(min-width: 0px)") ?? {}))) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

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
});
