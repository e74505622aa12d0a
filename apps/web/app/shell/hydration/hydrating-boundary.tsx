import { type ReactNode, Suspense, useEffect, useLayoutEffect } from "react";
import { boundaryPending, boundarySettled } from "./hydration-mark";

/** The layout effect's server-safe form (React warns about useLayoutEffect on the server). */
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

function Settled() {
  useEffect(boundarySettled, []);
  return null;
}

/**
 * A part of the page that hydrates and commits apart from the rest: React hydrates a Suspense
 * boundary's server HTML in a pass of its own, so one long task of hydration becomes several
 * shorter ones, and state that antd components set while they mount re-renders only inside the
 * boundary (docs/performance.md, "Lighthouse"). Nothing in it suspends: the fallback is never
 * shown for server-rendered content, and a client navigation keeps the old page until the new
 * one is ready. The page counts as hydrated only once every boundary is (hydration-mark.ts).
 */
export function HydratingBoundary({ children }: { children: ReactNode }) {
  // Counted in the shell's commit, before the root's own effect can mark the page hydrated.
  useBeforePaint(boundaryPending, []);
  return (
    <Suspense fallback={null}>
      <Settled />
      {children}
    </Suspense>
  );
}
