import { useSyncExternalStore } from "react";
import {
  EMPTY_OVERRIDES,
  isEmptyOverrides,
  type Layer,
  parseOverrides,
  type ThemeOverrides,
  type TokenValue,
  withToken,
} from "./overrides";

/** Where the overrides live in the browser (docs/architecture.md, "Organisations and access": local browser storage). */
export const STORAGE_KEY = "nc-theme-overrides";

let current: ThemeOverrides | null = null;
const listeners = new Set<() => void>();

function load(): ThemeOverrides {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return (raw && parseOverrides(raw)) || EMPTY_OVERRIDES;
  } catch {
    return EMPTY_OVERRIDES;
  }
}

function snapshot(): ThemeOverrides {
  current ??= load();
  return current;
}

function notify() {
  for (const listener of listeners) listener();
}

// Another tab of the same site changed them.
function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== STORAGE_KEY) return;
  current = load();
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** Replaces every override, keeps them in local storage (removed when empty) and re-renders. */
export function setOverrides(next: ThemeOverrides) {
  current = next;
  try {
    if (isEmptyOverrides(next)) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled (private mode): the overrides still apply until the page is left.
  }
  notify();
}

export function setToken(layer: Layer, token: string, value: TokenValue | undefined) {
  setOverrides(withToken(snapshot(), layer, token, value));
}

export function resetOverrides() {
  setOverrides(EMPTY_OVERRIDES);
}

/** The stored overrides; none on the server and during hydration, so both render the same. */
export function useThemeOverrides(): ThemeOverrides {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY_OVERRIDES);
}
