import { FloatButton } from "antd";
import { useEffect, useState } from "react";
import { BACK_TO_TOP_SIZE } from "../theme/tokens";

/**
 * The "back to top" button, mounted the first time the page scrolls. antd's button reads the
 * scroll position as it mounts, which forces a style and layout pass inside hydration's commit
 * (over 100 ms at Lighthouse's 4× phone slowdown: docs/performance.md, "Less work between the
 * first paint and an interactive page"); before any scroll it would be hidden anyway (it shows
 * below 400 px). Once mounted it stays, showing and hiding itself as the page moves.
 */
export function BackToTop() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    // A page restored part-way down (back, reload) counts as scrolled.
    if (window.scrollY > 0) {
      setScrolled(true);
      return;
    }
    const onScroll = () => setScrolled(true);
    window.addEventListener("scroll", onScroll, { passive: true, once: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled ? (
    <FloatButton.BackTop style={{ width: BACK_TO_TOP_SIZE, height: BACK_TO_TOP_SIZE }} />
  ) : null;
}
