import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createTestApp, type TestApp } from "./test-app";
import { startReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * What the webhook delivery tests share, with its hooks: an app that may post to private targets,
 * a fresh receiver per test and the deliverers' clock, which the tests move. `t`, `receiver` and
 * `clock` are filled in by the hooks, so read them inside tests, not at collection time.
 */
export function webhookBench() {
  const bench = {
    t: undefined as unknown as TestApp,
    receiver: undefined as unknown as WebhookReceiver,
    clock: 0,
  };
  beforeAll(async () => {
    // Receivers listen on 127.0.0.1: the operator allows private targets for this app.
    bench.t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  });
  afterAll(() => bench.t.close());
  beforeEach(async () => {
    bench.receiver = await startReceiver();
    // Past the events each test makes next: an event is due from its own time, and setting up an
    // organisation and its endpoint takes over a second on the embedded database of a busy machine.
    bench.clock = Date.now() + 10_000;
    // Each test sends only its own deliveries.
    await bench.t.database.db.execute(
      sql`update webhook_deliveries set status = 'failed' where status = 'pending'`,
    );
  });
  afterEach(() => bench.receiver.close());
  return bench;
}
