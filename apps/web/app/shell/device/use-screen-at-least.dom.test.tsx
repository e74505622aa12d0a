import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useScreenAtLeast } from "./use-screen-at-least";

// One media query list for every width question, its answer set by each test.
const media = { wide: true, listeners: new Set<() => void>() };
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    media: query,
    get matches() {
      return media.wide;
    },
    addEventListener: (_: string, listener: () => void) => media.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => media.listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
});

let renders = 0;
function Probe({ guess, follow }: { guess: boolean; follow?: boolean }) {
  renders += 1;
  return <span>{useScreenAtLeast("m", guess, follow) ? "wide" : "narrow"}</span>;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

/** Renders as the server would (the guess), then hydrates in the browser; counts the browser's renders. */
async function hydrate(guess: boolean, follow?: boolean) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Probe guess={guess} follow={follow} />);
  document.body.append(container);
  const served = container.textContent;
  renders = 0;
  await act(async () => {
    root = hydrateRoot(container, <Probe guess={guess} follow={follow} />);
  });
  return { container, served };
}

describe("useScreenAtLeast", () => {
  it("hydrates with one render when the user agent's guess was right", async () => {
    media.wide = true;
    const { container, served } = await hydrate(true);
    expect(served).toBe("wide");
    expect(container.textContent).toBe("wide");
    expect(renders).toBe(1);
  });

  it("renders again with the real width when the guess was wrong", async () => {
    media.wide = true;
    const { container, served } = await hydrate(false);
    expect(served).toBe("narrow");
    expect(container.textContent).toBe("wide");
    expect(renders).toBe(2);
  });

  it("follows the window as it is resized", async () => {
    media.wide = true;
    const { container } = await hydrate(true);
    media.wide = false;
    await act(async () => {
      for (const listener of media.listeners) listener();
    });
    expect(container.textContent).toBe("narrow");
  });

  it("keeps the guess, with one render, when told not to follow the window", async () => {
    media.wide = true;
    const { container } = await hydrate(false, false);
    expect(container.textContent).toBe("narrow");
    expect(renders).toBe(1);
  });
});
