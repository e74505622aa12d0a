import { type ComponentType, lazy } from "react";

/**
 * A component fetched the first time it renders, from a module that exports it by name: its
 * script (and the style sheet of the antd parts it shows) stays out of the page's first load
 * (docs/performance.md, "A phone as slow as Lighthouse's reference"). Render it inside a Suspense
 * boundary. `prefetch()` fetches it earlier, on a sign of intent (a pointer or focus reaching
 * what opens it); it is only a hint, so a failure there is left for the render to show.
 */
export function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<Props> }));
  return Object.assign(component, {
    prefetch: () => {
      load().catch(() => undefined);
    },
  });
}
