import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A component fetched the first time it renders, from a module that exports it by name: its
 * script (and the style sheet of the antd parts it shows) stays out of the page's first load
 * (docs/performance.md, "A phone as slow as Lighthouse's reference"). Render it
 * inside a Suspense boundary; `load` can also be called early, on a sign of intent, to fetch it
 * before it is needed.
 */
export function lazyComponent<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => ({ default: (await load())[name] as never }));
}
