/** How full the table may get before it doubles. */
const MAX_LOAD = 0.75;

/**
 * A set of E.164 numbers for finding duplicates in jobs of millions of rows. An E.164 number has at
 * most 15 digits, so its digits fit a double exactly; an open-addressing table of doubles takes
 * 11–21 bytes per number instead of the ~80 of a Set of strings.
 *
 * The table grows when three quarters full, not half: at 5 million numbers that is 64 MB instead
 * of 128 MB, and 96 MB instead of 192 MB while it doubles (the old and the new table are both
 * held then), for ~2.5 probes per number found instead of ~1.5 (docs/performance.md, "Bulk
 * pipeline vs the engine").
 */
export class E164Set {
  private table: Float64Array;
  private mask: number;
  private count = 0;

  constructor(capacity = 1 << 16) {
    let size = 1;
    while (size * MAX_LOAD < capacity) size <<= 1;
    this.table = new Float64Array(size);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Adds the number; answers false when it was already there. */
  add(e164: string): boolean {
    // "+" then digits; 0 marks an empty slot, and no E.164 number is 0.
    const key = Number(e164.charCodeAt(0) === 43 ? e164.slice(1) : e164);
    if (!Number.isSafeInteger(key) || key <= 0) throw new RangeError(`not an E.164 number: ${e164}`);
    if (this.count + 1 > this.table.length * MAX_LOAD) this.grow();
    return this.insert(key);
  }

  private slot(key: number): number {
    // Mix high and low parts; Math.imul keeps it in 32 bits.
    const low = key % 4294967296;
    const high = Math.floor(key / 4294967296);
    return (Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) >>> 0) & this.mask;
  }

  private insert(key: number): boolean {
    let i = this.slot(key);
    for (;;) {
      const here = this.table[i]!;
      if (here === 0) {
        this.table[i] = key;
        this.count++;
        return true;
      }
      if (here === key) return false;
      i = (i + 1) & this.mask;
    }
  }

  private grow() {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    this.mask = this.table.length - 1;
    this.count = 0;
    for (const key of old) if (key !== 0) this.insert(key);
  }
}
