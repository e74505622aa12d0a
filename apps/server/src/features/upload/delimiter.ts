/** Separators worth guessing, in order of preference when two fit equally. Never a space: "+44 7911 123456". */
const CANDIDATES = [",", "\t", ";", "|"] as const;
const CODES = CANDIDATES.map((c) => c.charCodeAt(0));
const SAMPLE_LINES = 50;
/** Share of sample lines that must hold the separator the same number of times. */
const MIN_CONSISTENCY = 0.5;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * The field separator of a delimited text file, from its first lines: the candidate that appears
 * the same number of times (outside quotes) on most lines wins; null means one column. A separator
 * on only some lines (a decimal comma in one column of a semicolon file) loses to a consistent one.
 *
 * `complete` says `text` is the whole file; otherwise its last, probably cut, line is left out.
 */
export function detectDelimiter(text: string, complete: boolean): string | null {
  const lines = countPerLine(text, complete);
  if (lines.length === 0) return null;
  let best: string | null = null;
  let bestConsistent = 0;
  let bestMode = 0;
  for (const [k, delimiter] of CANDIDATES.entries()) {
    const counts = lines.map((line) => line[k]!);
    const mode = mostCommonPositive(counts);
    if (mode === 0) continue;
    const consistent = counts.filter((n) => n === mode).length / counts.length;
    if (consistent < MIN_CONSISTENCY) continue;
    if (consistent > bestConsistent || (consistent === bestConsistent && mode > bestMode)) {
      best = delimiter;
      bestConsistent = consistent;
      bestMode = mode;
    }
  }
  return best;
}

/** Per non-blank line (quoted line breaks do not end one), how often each candidate appears outside quotes. */
function countPerLine(text: string, complete: boolean): number[][] {
  const lines: number[][] = [];
  let counts = CODES.map(() => 0);
  let blank = true;
  let inQuotes = false;
  for (let i = 0; i < text.length && lines.length < SAMPLE_LINES; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      inQuotes = !inQuotes;
      blank = false;
    } else if (inQuotes) {
      // Separators and line breaks inside quotes are content.
    } else if (c === LF || c === CR) {
      if (!blank) lines.push(counts);
      counts = CODES.map(() => 0);
      blank = true;
    } else {
      const k = CODES.indexOf(c);
      if (k !== -1) counts[k]! += 1;
      if (c > 32) blank = false;
    }
  }
  // The last line is only trustworthy when the sample holds the whole file (or it is all there is).
  if (!blank && lines.length < SAMPLE_LINES && (complete || lines.length === 0)) lines.push(counts);
  return lines;
}

function mostCommonPositive(counts: number[]): number {
  const seen = new Map<number, number>();
  let mode = 0;
  let modeSeen = 0;
  for (const n of counts) {
    if (n === 0) continue;
    const times = (seen.get(n) ?? 0) + 1;
    seen.set(n, times);
    if (times > modeSeen || (times === modeSeen && n > mode)) {
      mode = n;
      modeSeen = times;
    }
  }
  return mode;
}
