/**
 * The basic check gives the same answers as when answers-20k.json was written: 20,000 inputs of the
 * deterministic corpus (bench/corpus.ts: every region and calling code, every type, valid and invalid,
 * the clean ways numbers are written), every answer's JSON digested. A change to the engine that
 * changes any answer fails here; the sample shows which fields moved. When an answer is meant to
 * change, look at the differences (bench/answers.ts --compare), then rewrite the file with
 * `UPDATE_ANSWERS=1 npx vitest run --project unit packages/numcheck/src/answers.test.ts` (then
 * `npx biome check --write` it) and say why
 * in the commit. docs/performance.md, "Engine (basic check)".
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ANSWERS_NOW, digestAnswers } from "../bench/corpus";
import { basicCheck } from "./basic-check";

const FIXTURE = new URL("../bench/answers-20k.json", import.meta.url);
const COUNT = 20_000;
const SEED = 15;
/** Every 200th answer is kept in full. */
const SAMPLE_EVERY = 200;

interface Fixture {
  count: number;
  seed: number;
  digest: string;
  chunks: string[];
  sample: unknown[];
}

describe("the basic check's answers", () => {
  it("are the recorded ones over 20,000 generated inputs", { timeout: 300_000 }, () => {
    const sample: unknown[] = [];
    const result = digestAnswers(
      COUNT,
      SEED,
      (item) => basicCheck(item.input, { defaultCountry: item.defaultCountry, now: ANSWERS_NOW }),
      (index, _item, json) => {
        if (index % SAMPLE_EVERY === 0) sample.push(JSON.parse(json));
      },
    );
    if (process.env.UPDATE_ANSWERS === "1") {
      writeFileSync(FIXTURE, `${JSON.stringify({ ...result, sample }, null, 1)}\n`);
    }
    const recorded = JSON.parse(readFileSync(FIXTURE, "utf8")) as Fixture;
    expect(recorded.count).toBe(COUNT);
    expect(sample).toEqual(recorded.sample);
    expect(result.chunks).toEqual(recorded.chunks);
    expect(result.digest).toBe(recorded.digest);
  });
});
