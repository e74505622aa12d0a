import { sql } from "drizzle-orm";
import { queryRows } from "../../src/db/query";
import type { TestApp } from "./test-app";

type AnswerField = "hlr" | "mnp" | "lineType" | "simSwap" | "smsPumpingRisk" | "callerName";

/**
 * A look-up's answer as the app's newest checked number stored it: the operator's copy, which
 * names the provider that answered and what it cost (customers read it without both:
 * docs/providers.md, "What customers see"). A test file's app checks one number at a time.
 */
export async function storedAnswer(t: TestApp, field: AnswerField): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ answer: Record<string, unknown> | null }>(
    t.database.db,
    sql`select (i.result::jsonb) -> ${field} as answer from detection_items i
        where i.status = 'done'
        order by i.finished_at desc nulls last, i.seq desc limit 1`,
  );
  return row?.answer ?? null;
}

/** The provider that answered the app's newest checked number, from the stored result. */
export async function answeredBy(t: TestApp, field: AnswerField = "hlr"): Promise<unknown> {
  return (await storedAnswer(t, field))?.provider;
}
