import type { NetworkView } from "../detection-single";

/**
 * A look-up kind's columns in a results file: each column's name (its header is the kind's word
 * under `columns` in the services catalogue) and how its cell is read from the kind's answer, or
 * from null when the number was not looked up.
 */
export type KindColumns<View> = readonly (readonly [key: string, cell: (answer: View | null) => string])[];

/** A cell: the value as text, empty when there is none. */
export const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
/** A yes / no / unknown cell, empty when there is no answer to read it from. */
export const tri = (answered: boolean, v: boolean | null | undefined) =>
  !answered ? "" : v === true ? "yes" : v === false ? "no" : "unknown";
/** A network's name. */
export const networkName = (n: NetworkView | null | undefined) => text(n?.name);
