import { afterEach, beforeEach } from "vitest";

/**
 * The window's width as the pages' media queries answer it (shell/device/use-screen-at-least.ts):
 * wide, or a phone below the "s" breakpoint. A test sets `screenWidth.wide` before rendering.
 */
export const screenWidth = { wide: true };

/** Answers the file's media queries from `screenWidth`, wide again before each test. */
export function followScreenWidth(): void {
  const real = window.matchMedia;
  beforeEach(() => {
    screenWidth.wide = true;
    window.matchMedia = ((query: string) => ({
      media: query,
      get matches() {
        return screenWidth.wide;
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = real;
  });
}
