import { useEffect, useRef } from "react";

/**
 * Brings a section that appears in answer to an action into view and moves focus to its heading,
 * so a person (and a screen reader) lands on what the action produced instead of finding it below
 * the fold. Runs when `key` changes to a non-null value; motion is instant when the reader asked
 * for reduced motion.
 */
export function useReveal<S extends HTMLElement, H extends HTMLElement>(key: string | null) {
  const section = useRef<S>(null);
  const heading = useRef<H>(null);
  useEffect(() => {
    if (key === null) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    section.current?.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
    heading.current?.focus({ preventScroll: true });
  }, [key]);
  return { section, heading };
}
