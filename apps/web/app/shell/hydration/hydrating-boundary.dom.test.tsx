import { act } from "@testing-library/react";
import { useEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The mark's state lives in its module: each test loads a fresh copy.
async function freshModules() {
  vi.resetModules();
  return {
    mark: await import("./hydration-mark"),
    boundary: await import("./hydrating-boundary"),
  };
}

const hydrated = () => document.documentElement.hasAttribute("data-hydrated");

let root: Root | undefined;
beforeEach(() => document.documentElement.removeAttribute("data-hydrated"));
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  delete (window as { __ncHeldSubmit?: HTMLFormElement }).__ncHeldSubmit;
});

describe("the page's hydrated mark", () => {
  it("waits for every boundary the root's commit counted", async () => {
    const { mark } = await freshModules();
    mark.boundaryPending();
    mark.boundaryPending();
    mark.rootHasMounted();
    expect(hydrated()).toBe(false);
    mark.boundarySettled();
    expect(hydrated()).toBe(false);
    mark.boundarySettled();
    expect(hydrated()).toBe(true);
  });

  it("sends again the form a visitor sent before the page was hydrated", async () => {
    const { mark } = await freshModules();
    const form = document.createElement("form");
    document.body.append(form);
    const submit = vi.spyOn(form, "requestSubmit").mockImplementation(() => {});
    (window as { __ncHeldSubmit?: HTMLFormElement }).__ncHeldSubmit = form;
    mark.rootHasMounted();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it("is set after a real hydration once the boundary's content has run its effects", async () => {
    const { mark, boundary } = await freshModules();
    const { HydratingBoundary } = boundary;
    const seenHydrated: boolean[] = [];
    function Content() {
      useEffect(() => {
        seenHydrated.push(hydrated());
      }, []);
      return <p>content</p>;
    }
    function Page() {
      useEffect(() => mark.rootHasMounted(), []);
      return (
        <main>
          <HydratingBoundary>
            <Content />
          </HydratingBoundary>
        </main>
      );
    }
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (error) => console.error(error) });
    });
    expect(container.textContent).toBe("content");
    // The boundary's content ran in its own commit, and the mark came with it.
    expect(seenHydrated).toEqual([true]);
    expect(hydrated()).toBe(true);
  });
});
