import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { BackToTop } from "./back-to-top";

const button = () => document.querySelector(".ant-float-btn");

/**
 * The window at a scroll position. antd's button reads `pageYOffset` (a forced layout in a real
 * browser); the reads are counted.
 */
function windowAt(y: number) {
  const reads = { count: 0 };
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  Object.defineProperty(window, "pageYOffset", {
    configurable: true,
    get: () => {
      reads.count += 1;
      return y;
    },
  });
  return reads;
}

afterEach(() => {
  windowAt(0);
});

describe("back to top", () => {
  it("does not read the scroll position before the page scrolls, and shows once it has scrolled far", async () => {
    const reads = windowAt(0);
    await renderPage(<BackToTop />);
    expect(reads.count).toBe(0);
    expect(button()).toBeNull();

    act(() => {
      windowAt(1200);
      window.dispatchEvent(new Event("scroll"));
    });
    await waitFor(() => expect(button()).not.toBeNull());
  });

  it("is there at once on a page restored part-way down", async () => {
    windowAt(900);
    await renderPage(<BackToTop />);
    await waitFor(() => expect(button()).not.toBeNull());
  });
});
