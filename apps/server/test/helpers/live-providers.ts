import type { FakeUpstream } from "@nc/numcheck/providers/testing/fake-upstream";
import { TWILIO_TEST_SID, TWILIO_TEST_TOKEN, twilioFake } from "@nc/numcheck/providers/testing/twilio-fake";
import { TYNTEC_TEST_KEY, tyntecFake } from "@nc/numcheck/providers/testing/tyntec-fake";
import { VONAGE_TEST_KEY, VONAGE_TEST_SECRET, vonageFake } from "@nc/numcheck/providers/testing/vonage-fake";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./test-app";

type Provider = "tyntec" | "twilio" | "vonage";

/** Each fake provider, and the settings that point the app at it once it listens at `url`. */
const PROVIDERS: Record<
  Provider,
  { fake: () => FakeUpstream; env: (url: string) => Record<string, string> }
> = {
  tyntec: {
    fake: tyntecFake,
    env: (url) => ({ LOOKUP_TYNTEC_API_KEY: TYNTEC_TEST_KEY, LOOKUP_TYNTEC_BASE_URL: url }),
  },
  twilio: {
    fake: twilioFake,
    env: (url) => ({
      LOOKUP_TWILIO_ACCOUNT_SID: TWILIO_TEST_SID,
      LOOKUP_TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN,
      LOOKUP_TWILIO_BASE_URL: url,
    }),
  },
  vonage: {
    fake: vonageFake,
    env: (url) => ({
      LOOKUP_VONAGE_API_KEY: VONAGE_TEST_KEY,
      LOOKUP_VONAGE_API_SECRET: VONAGE_TEST_SECRET,
      LOOKUP_VONAGE_BASE_URL: url,
    }),
  },
};

/**
 * For the describe block it is called in: fake providers on this machine (answers checked against
 * their contracts) and an app that routes look-ups by `routes` (LOOKUP_ROUTES) to them alone. `env`
 * adds settings (a short LOOKUP_DEADLINE_MS, say). `t` is set once the app is up.
 */
export function liveProviders<P extends Provider>(
  names: readonly P[],
  routes: string,
  env: Record<string, string> = {},
) {
  const fakes = Object.fromEntries(names.map((name) => [name, PROVIDERS[name].fake()])) as Record<
    P,
    FakeUpstream
  >;
  const live = { ...fakes, t: undefined as unknown as TestApp };
  beforeAll(async () => {
    const urls = await Promise.all(names.map((name) => fakes[name].start()));
    live.t = await createTestApp(
      Object.assign(
        {},
        ...names.map((name, i) => PROVIDERS[name].env(urls[i]!)),
        { LOOKUP_ROUTES: routes },
        env,
      ),
    );
  });
  afterAll(async () => {
    await live.t?.close();
    await Promise.all(names.map((name) => fakes[name].stop()));
  });
  return live;
}

/** tyntec and Twilio: HLR to tyntec, then Twilio; MNP to tyntec. */
export function tyntecThenTwilio(env: Record<string, string> = {}) {
  return liveProviders(["tyntec", "twilio"], "hlr=tyntec,twilio; mnp=tyntec", env);
}
