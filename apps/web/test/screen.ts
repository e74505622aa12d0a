/**
 * One simulated screen for every component test: `window.matchMedia` answers width questions
 * ("min-width", "max-width", joined by "and") and the system's colour scheme from this state,
 * read when asked. The shell keeps the media query lists it asked for
 * once (shell/device/use-screen-at-least.ts), and the web-dom files share one module graph per
 * worker (docs/performance.md, "The test suite"), so a file must set this state rather than
 * replace `window.matchMedia`. The setup file puts it back to a narrow, light screen after each
 * test.
 */
const DEFAULT = { width: 1024, dark: false };
const state = { ...DEFAULT };
const listeners = new Set<() => void>();

function holds(condition: string): boolean {
  const width = /\((min|max)-width:\s*([\d.]+)px\)/.exec(condition);
  if (width) return width[1] === "min" ? state.width >= Number(width[2]) : state.width <= Number(width[2]);
  const scheme = /prefers-color-scheme:\s*(dark|light)/.exec(condition);
  if (scheme) return (scheme[1] === "dark") === state.dark;
  return false;
}

const answer = (query: string) => query.split(/\s+and\s+/).every(holds);

export function installScreen() {
  window.matchMedia = ((query: string) => ({
    media: query,
    get matches() {
      return answer(query);
    },
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** Sets the screen; with `notify`, tells every list that is watched, as a resized window does. */
export function setScreen(next: Partial<typeof state>, notify = false) {
  Object.assign(state, next);
  if (notify) for (const listener of [...listeners]) listener();
}

export function resetScreen() {
  setScreen(DEFAULT);
}
