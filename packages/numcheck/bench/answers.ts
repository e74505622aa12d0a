/**
 * Same answers, before and after a change to the engine: runs the basic check over a deterministic
 * corpus (bench/corpus.ts: every region and calling code, every type, valid and invalid) with a fixed
 * clock and writes the digest of every answer's JSON, one digest per 10,000 answers, and a sample.
 *
 *   npx tsx packages/numcheck/bench/answers.ts --out /tmp/answers-before          # 1,000,000 inputs
 *   (change the engine)
 *   npx tsx packages/numcheck/bench/answers.ts --out /tmp/answers-after --compare /tmp/answers-before
 *
 * With --compare it prints "same answers" or the chunks that differ, and writes those chunks' answers
 * (chunk-N.jsonl) to --out, so the run before can be repeated with --dump N and the files diffed.
 * Options: --count N (default 1,000,000), --seed N (default 15), --dump N (write chunk N in full).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { basicCheck } from "../src/basic-check";
import { ANSWERS_NOW, type AnswersDigest, CHUNK, digestAnswers } from "./corpus";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const count = Number(option("count") ?? 1_000_000);
const seed = Number(option("seed") ?? 15);
const out = option("out") ?? "/tmp/numcheck-answers";
const compare = option("compare");
const before: AnswersDigest | null = compare
  ? (JSON.parse(readFileSync(join(compare, "digest.json"), "utf8")) as AnswersDigest)
  : null;
const dump = new Set((option("dump") ?? "").split(",").filter(Boolean).map(Number));
mkdirSync(out, { recursive: true });

const sample: string[] = [];
const dumped = new Map<number, string[]>();
const start = process.hrtime.bigint();
const result = digestAnswers(
  count,
  seed,
  (item) => basicCheck(item.input, { defaultCountry: item.defaultCountry, now: ANSWERS_NOW }),
  (index, _item, json) => {
    if (index % 1000 === 0) sample.push(json);
    const chunk = Math.floor(index / CHUNK);
    if (dump.has(chunk)) dumped.set(chunk, [...(dumped.get(chunk) ?? []), json]);
  },
);
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
writeFileSync(join(out, "digest.json"), `${JSON.stringify(result, null, 1)}\n`);
writeFileSync(join(out, "sample.jsonl"), `${sample.join("\n")}\n`);
for (const [chunk, lines] of dumped)
  writeFileSync(join(out, `chunk-${chunk}.jsonl`), `${lines.join("\n")}\n`);
console.log(
  `${count.toLocaleString("en-US")} answers (seed ${seed}) in ${seconds.toFixed(1)} s: ${result.digest}`,
);
console.log(`written to ${out}/digest.json and ${out}/sample.jsonl (every 1,000th answer)`);

if (before) {
  // A shorter run is compared over the chunks both have (the corpus of a seed is one sequence).
  const shared = Math.min(before.chunks.length, result.chunks.length);
  const partial = before.count !== count;
  const differing = result.chunks
    .slice(0, partial ? Math.floor(Math.min(before.count, count) / CHUNK) : shared)
    .flatMap((digest, chunk) => (digest === before.chunks[chunk] ? [] : [chunk]));
  if (before.seed !== seed) {
    console.log(`NOT comparable: the run in ${compare} has seed ${before.seed}`);
    process.exitCode = 2;
  } else if (differing.length === 0 && (partial || before.digest === result.digest)) {
    console.log(
      `same answers as ${compare}${partial ? ` (over the first ${Math.min(before.count, count)})` : ""}`,
    );
  } else {
    console.log(
      `DIFFERENT answers from ${compare} in ${differing.length} chunk(s) of ${CHUNK}: ${differing.join(",")}`,
    );
    console.log(
      `repeat both runs with --dump ${differing.slice(0, 5).join(",")} and diff the chunk-N.jsonl files`,
    );
    process.exitCode = 1;
  }
}
