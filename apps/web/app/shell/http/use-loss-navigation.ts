import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { type Location, UNSAFE_DataRouterContext, useLocation, useNavigation } from "react-router";

/** What a call found gone: the session, or the organisation (with the server's reason). */
export type Loss = { kind: "session" } | { kind: "tenant"; message: string };

type Phase = { state: "asked"; loss: Loss } | { state: "going"; from: string } | null;

/**
 * Carries out what a lost session or organisation asks for (docs/architecture.md, "Decisions and
 * why") once, and only when no navigation is under way:
 * - the first signal wins; the ones that follow (every query of the page failing the same way, or
 *   refetching once the cache is cleared) are ignored until the person has arrived. Each of them
 *   used to navigate again, which restarted the move before it could finish, without end;
 * - a navigation the person started (a menu link clicked as the answer came) finishes first, so
 *   the way back after sign-in is the page they asked for, not the one they were leaving.
 *
 * The router's own state is read, not the rendered one: React renders a navigation's start later
 * (a transition), and an answer arriving a few milliseconds after the click must see it.
 * `act` leaves the page `from` where the person is, and says whether it did (it does not when
 * already on sign-in).
 */
export function useLossNavigation(act: (loss: Loss, from: Location) => boolean) {
  const navigation = useNavigation();
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [phase, setPhase] = useState<Phase>(null);
  const latest = useRef(act);
  latest.current = act;

  useEffect(() => {
    if (!phase) return;
    const now = router?.state ?? { navigation, location };
    if (now.navigation.state !== "idle") return;
    if (phase.state === "asked") {
      const from = now.location;
      setPhase(latest.current(phase.loss, from) ? { state: "going", from: from.key } : null);
    } else if (now.location.key !== phase.from) {
      setPhase(null);
    }
  }, [phase, router, navigation, location]);

  return useCallback((loss: Loss) => setPhase((current) => current ?? { state: "asked", loss }), []);
}
