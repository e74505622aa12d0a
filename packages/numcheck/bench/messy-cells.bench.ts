/**
 * Cost of reading messy cells (docs/architecture.md, "Normalisation"): `normalise` per CPU-second
 * on clean inputs and on the same inputs decorated as customers' files hold them, one decoration
 * at a time, with the share that still gives a number. CPU time, not wall time: on a shared
 * machine, waiting for a core is not the engine's cost.
 *
 * Run: npx tsx packages/numcheck/bench/messy-cells.bench.ts [count]
 */
import { type CountryCode, getExampleNumber } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { normalise } from "../src/normalise";

const COUNT = Number(process.argv[2] ?? 50_000);
const REGIONS = (
  "CN IN US BR GB ES PT MX DE FR IT NL BE CH AT PL SE NO DK IE RU TR JP KR AU NZ ZA NG EG AR CL CO PE " +
  "CA SG HK AE SA ID PH TH VN"
).split(" ") as CountryCode[];

/** Deterministic PRNG so runs are comparable. */
let seed = 42;
function random(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}

/** Each region's example mobile with random last four digits, international or national (with its country). */
const clean: { input: string; defaultCountry: string }[] = [];
for (let i = 0; i < COUNT; i++) {
  const region = REGIONS[i % REGIONS.length] as CountryCode;
  const example = getExampleNumber(region, examples);
  if (!example) continue;
  const national =
    example.nationalNumber.slice(0, -4) + String(Math.floor(random() * 10_000)).padStart(4, "0");
  const input =
    i % 2 === 0 ? `+${example.countryCallingCode} ${national.slice(0, 3)} ${national.slice(3)}` : national;
  clean.push({ input, defaultCountry: region });
}

const DECORATIONS: [string, (text: string) => string][] = [
  ["clean", (t) => t],
  ['"N"', (t) => `"${t}"`],
  ["N;", (t) => `${t};`],
  ["Tel.: N", (t) => `Tel.: ${t}`],
  ["N (mobile)", (t) => `${t} (mobile)`],
  ['"Mobile: N (work)";', (t) => `"Mobile: ${t} (work)";`],
  ["N / N (refused)", (t) => `${t} / ${t}`],
];

for (const item of clean.slice(0, 5_000)) normalise(item.input, { defaultCountry: item.defaultCountry });
console.log(
  `node ${process.version}, ${clean.length.toLocaleString("en-US")} numbers, ${REGIONS.length} regions`,
);
for (const [label, decorate] of DECORATIONS) {
  const cells = clean.map((item) => ({ input: decorate(item.input), defaultCountry: item.defaultCountry }));
  const start = process.cpuUsage();
  let numbers = 0;
  for (const cell of cells)
    if (normalise(cell.input, { defaultCountry: cell.defaultCountry }).e164 !== null) numbers++;
  const used = process.cpuUsage(start);
  const perSecond = Math.round(cells.length / ((used.user + used.system) / 1e6));
  console.log(
    `${label.padEnd(22)} ${perSecond.toLocaleString("en-US").padStart(9)} cells per CPU-second, ${((numbers / cells.length) * 100).toFixed(1)}% with a number`,
  );
}
