import { useCallback, useState } from "react";
import { api } from "../http/client";
import { encodeSolution, type PowChallenge, solvePow } from "./solve-pow";

export type CaptchaState = "idle" | "solving" | "solved" | "failed";

function solveInWorker(challenge: PowChallenge): Promise<number | null> {
  if (typeof Worker === "undefined") return solvePow(challenge);
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./pow-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      // Some browsers block module workers; the main thread still gets there.
      void solvePow(challenge).then(resolve);
    };
    worker.postMessage(challenge);
  });
}

/**
 * The human check: fetches a fresh challenge and solves it, returning the token a form sends as
 * `captcha` (undefined when the site has the check switched off). Each token is good for one call.
 */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>("idle");
  const solve = useCallback(async (): Promise<string | undefined> => {
    setState("solving");
    try {
      const { enabled, challenge } = await api<{ enabled: boolean; challenge: PowChallenge | null }>(
        "/api/tenant/pub/captcha",
      );
      if (!enabled || !challenge) {
        setState("idle");
        return undefined;
      }
      const number = await solveInWorker(challenge);
      if (number === null) throw new Error("no solution");
      setState("solved");
      return encodeSolution(challenge, number);
    } catch (error) {
      setState("failed");
      throw error;
    }
  }, []);
  return { state, solve };
}
