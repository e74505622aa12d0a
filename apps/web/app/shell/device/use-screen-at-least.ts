import { useSyncExternalStore } from "react";
import { BREAKPOINTS } from "../theme/tokens";

/** The breakpoints pages switch layout at (the theme's screen sizes, shell/theme/tokens.ts). */
type Step = "s" | "m";

function follow(step: Step) {
  let query: MediaQueryList | undefined;
  const list = () => (query ??= window.matchMedia(`(min-width: ${BREAKPOINTS[step]}px)`));
  return {
    subscribe(listener: () => void) {
      list().addEventListener("change", listener);
      return () => list().removeEventListener("change", listener);
    },
    matches: () => list().matches,
  };
}

// One subscription and one snapshot function per step, the same on every render.
const STEPS = { s: follow("s"), m: follow("m") } as const;
const unfollowed = () => () => {};

/**
 * Whether the window is at least as wide as a breakpoint, followed as it changes. On the server
 * and while the page hydrates, `guess` (from the user agent) stands in. Read through
 * useSyncExternalStore, not state set in an effect: when the guess was right the component is not
 * rendered a second time right after hydration, in the same task as the hydration's commit
 * (docs/performance.md, "Work right after hydration, and scripts after the first paint"). With
 * `follow` false the window is not watched and the guess stays the answer, in the browser too.
 */
export function useScreenAtLeast(step: Step, guess: boolean, follow = true): boolean {
  const { subscribe, matches } = STEPS[step];
  const guessed = () => guess;
  return useSyncExternalStore(follow ? subscribe : unfollowed, follow ? matches : guessed, guessed);
}
