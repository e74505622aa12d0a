import { render, screen } from "@testing-library/react";
import { createRoutesStub, Link, Outlet, useLocation, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type Loss, useLossNavigation } from "./use-loss-navigation";

/**
 * The move a lost session or organisation asks for, against a router whose next page loads slowly:
 * made once however many calls fail, and only after the navigation under way.
 */
function setup() {
  let finishLoading: () => void = () => {};
  const moves: string[] = [];
  let leave: (loss: Loss) => void = () => {};

  function Shell() {
    const navigate = useNavigate();
    const location = useLocation();
    leave = useLossNavigation((loss, from) => {
      if (from.pathname === "/login") return false;
      moves.push(`${loss.kind} from ${from.pathname}`);
      navigate(`/login?redirect=${encodeURIComponent(from.pathname)}`, { replace: true });
      return true;
    });
    return (
      <>
        <output aria-label="at">{location.pathname + location.search}</output>
        <Link to="/slow">API keys</Link>
        <Outlet />
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Shell,
      children: [
        { path: "tenant", Component: () => null },
        {
          path: "slow",
          loader: () => new Promise<null>((resolve) => (finishLoading = () => resolve(null))),
          Component: () => null,
        },
        { path: "login", Component: () => null },
      ],
    },
  ]);
  render(<Stub initialEntries={["/tenant"]} />);
  return { moves, leave: (loss: Loss) => leave(loss), finish: () => finishLoading() };
}

const at = () => screen.getByLabelText("at").textContent;

describe("leaving a page whose session or organisation is gone", () => {
  it("moves once however many calls report the loss", async () => {
    const { moves, leave } = setup();
    await vi.waitFor(() => expect(at()).toBe("/tenant"));
    leave({ kind: "tenant", message: "You are not a member of this organisation." });
    leave({ kind: "tenant", message: "You are not a member of this organisation." });
    leave({ kind: "session" });
    await vi.waitFor(() => expect(at()).toBe("/login?redirect=%2Ftenant"));
    expect(moves).toEqual(["tenant from /tenant"]);
  });

  it("lets a navigation under way finish first, so the way back is the page asked for", async () => {
    const { moves, leave, finish } = setup();
    await vi.waitFor(() => expect(at()).toBe("/tenant"));
    screen.getByRole("link", { name: "API keys" }).click();
    leave({ kind: "session" });
    expect(moves).toEqual([]);
    expect(at()).toBe("/tenant");
    finish();
    await vi.waitFor(() => expect(at()).toBe("/login?redirect=%2Fslow"));
    expect(moves).toEqual(["session from /slow"]);
  });

  it("hears a new loss once the move is over", async () => {
    const { moves, leave } = setup();
    await vi.waitFor(() => expect(at()).toBe("/tenant"));
    leave({ kind: "session" });
    await vi.waitFor(() => expect(at()).toBe("/login?redirect=%2Ftenant"));
    // On sign-in already: nothing to do, and the next loss is heard again.
    leave({ kind: "session" });
    await vi.waitFor(() => expect(moves).toEqual(["session from /tenant"]));
  });
});
