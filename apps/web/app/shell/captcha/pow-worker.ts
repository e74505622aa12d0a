import { type PowChallenge, solvePow } from "./solve-pow";

// Runs the search off the main thread so the page stays responsive while it works.
self.onmessage = async (event: MessageEvent<PowChallenge>) => {
  self.postMessage(await solvePow(event.data));
};
