import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { setScreen } from "../../../test/screen";
import { useScreenAtLeast } from "./use-screen-at-least";

// The window's width, set by each test (test/screen.ts): 1440 px is wide, 390 px is not.
const WIDE = { width: 1440 };
const NARROW = { width: 390 };

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
    setScreen(WIDE);
    const { container, served } = await hydrate(true);
    expect(served).toBe("wide");
    expect(container.textContent).toBe("wide");
    expect(renders).toBe(1);
  });

  it("renders again with the real width when the guess was wrong", async () => {
    setScreen(WIDE);
    const { container, served } = await hydrate(false);
    expect(served).toBe("narrow");
    expect(container.textContent).toBe("wide");
    expect(renders).toBe(2);
  });

  it("follows the window as it is resized", async () => {
    setScreen(WIDE);
    const { container } = await hydrate(true);
    await act(async () => setScreen(NARROW, true));
    expect(container.textContent).toBe("narrow");
  });

  it("keeps the guess, with one render, when told not to follow the window", async () => {
    setScreen(WIDE);
    const { container } = await hydrate(false, false);
    expect(container.textContent).toBe("narrow");
    expect(renders).toBe(1);
  });
});
