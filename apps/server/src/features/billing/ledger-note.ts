import type { Locale } from "@nc/contracts/locales";
import type enLedger from "../../i18n/locales/en/ledger.json";
import { translate } from "../../i18n/translate";

/** A note the product writes itself, named in the server's "ledger" catalogue. */
export type LedgerNoteKey = keyof typeof enLedger;
export interface SystemNote {
  key: LedgerNoteKey;
  params?: Record<string, string | number>;
}
/** Free text (an operator's reason, kept as typed) or a system note (shown in the reader's language). */
export type LedgerNote = string | SystemNote;

/**
 * The ledger columns of a note. A system note keeps its key and parameters, and its English in
 * `note`, so anything that reads only `note` (audits, older readers) still has the words.
 */
export function noteColumns(note: LedgerNote | null | undefined): {
  note: string | null;
  noteKey: string | null;
  noteParams: Record<string, string | number> | null;
} {
  if (note === null || note === undefined) return { note: null, noteKey: null, noteParams: null };
  if (typeof note === "string") return { note, noteKey: null, noteParams: null };
  const params = note.params ?? {};
  return { note: translate("en", `ledger:${note.key}`, params), noteKey: note.key, noteParams: params };
}

/** A stored note as a reader sees it: a system note in their language, free text as written. */
export function noteText(
  row: { note: string | null; note_key: string | null; note_params: unknown },
  locale: Locale,
): string | null {
  if (!row.note_key) return row.note;
  return translate(locale, `ledger:${row.note_key}`, (row.note_params ?? {}) as Record<string, unknown>);
}
