import { TWILIO_TEST_SID, TWILIO_TEST_TOKEN, twilioFake } from "@nc/numcheck/providers/testing/twilio-fake";
import { TYNTEC_TEST_KEY, tyntecFake } from "@nc/numcheck/providers/testing/tyntec-fake";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./test-app";

/**
 * For the describe block it is called in: fake tyntec and Twilio on this machine (answers checked
 * against their contracts) and an app that routes HLR to tyntec, then Twilio, and MNP to tyntec.
 * `env` adds settings (a short LOOKUP_DEADLINE_MS, say). `t` is set once the app is up.
 */
export function tyntecThenTwilio(env: Record<string, string> = {}) {
  const live = { tyntec: tyntecFake(), twilio: twilioFake(), t: undefined as unknown as TestApp };
  beforeAll(async () => {
    const [tyntecUrl, twilioUrl] = await Promise.all([live.tyntec.start(), live.twilio.start()]);
    live.t = await createTestApp({
      LOOKUP_TYNTEC_API_KEY: TYNTEC_TEST_KEY,
      LOOKUP_TYNTEC_BASE_URL: tyntecUrl,
      LOOKUP_TWILIO_ACCOUNT_SID: TWILIO_TEST_SID,
      LOOKUP_TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN,
      LOOKUP_TWILIO_BASE_URL: twilioUrl,
      LOOKUP_ROUTES: "hlr=tyntec,twilio; mnp=tyntec",
      ...env,
    });
  });
  afterAll(async () => {
    await live.t?.close();
    await Promise.all([live.tyntec.stop(), live.twilio.stop()]);
  });
  return live;
}
