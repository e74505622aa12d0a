import { Suspense, useEffect, useState } from "react";
import type { ApiError } from "../http/api-error";
import { setStepUpHandler } from "../http/client";
import { lazyComponent } from "../lazy-component";

const StepUpDialog = lazyComponent(() => import("./step-up-dialog"), "StepUpDialog");

interface Ask {
  refusal: ApiError;
  done: (proved: boolean) => void;
}

/**
 * Listens for calls that need a fresh proof (docs/security.md, "Step-up") and shows the dialog
 * that asks for it; the dialog's script is fetched only then, so no page's first load carries it.
 */
export function StepUpHost() {
  const [ask, setAsk] = useState<Ask | null>(null);
  useEffect(() => {
    setStepUpHandler((refusal) => new Promise<boolean>((done) => setAsk({ refusal, done })));
    return () => setStepUpHandler(null);
  }, []);
  if (!ask) return null;
  const finish = (proved: boolean) => {
    ask.done(proved);
    setAsk(null);
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog reason={ask.refusal.message} onDone={finish} />
    </Suspense>
  );
}
