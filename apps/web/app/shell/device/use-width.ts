import { type RefObject, useEffect, useState } from "react";

/**
 * The rendered width of an element, followed as it changes. Charts draw at their real pixel size
 * so their text stays readable on a phone instead of shrinking with a scaled viewBox; before the
 * first measurement (and on the server) `initial` stands in.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(1, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
