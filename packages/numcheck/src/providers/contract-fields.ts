import { z } from "zod";
import { LookupError } from "../types";

/**
 * Building blocks for the providers' answer schemas (tyntec-contract.ts, twilio-contract.ts,
 * vonage-contract.ts). Each schema is built in two strengths from one field list:
 *
 * - "contract": exactly what the provider's published contract allows (closed value lists, code
 *   formats, no nulls it does not mention). The fake providers in the tests validate every answer
 *   against it, so a fixture cannot drift from the contract.
 * - "liberal": what the adapter accepts at run time: the same fields and types, but a value list may
 *   grow (a new value means "cannot tell", not a broken answer) and a field may be null.
 *
 * docs/providers.md describes each contract and the version the schemas follow.
 */
export type Strength = "contract" | "liberal";

export class Fields {
  constructor(readonly strength: Strength) {}

  get strict(): boolean {
    return this.strength === "contract";
  }

  /** An object: no field beyond the contract's when "contract"; unknown fields dropped when liberal. */
  object<S extends z.ZodRawShape>(shape: S) {
    return this.strict ? z.strictObject(shape) : z.object(shape);
  }

  /** An optional field (nullable too when liberal, or when the contract itself shows null). */
  optional<T>(schema: z.ZodType<T>, nullInContract = false): z.ZodType<T | null | undefined> {
    return this.strict && !nullInContract ? schema.optional() : schema.nullish();
  }

  /** A string from a closed list in the contract; any string when liberal. */
  oneOf(values: readonly [string, ...string[]]): z.ZodType<string> {
    return this.strict ? z.enum(values) : z.string();
  }

  /** A string of a documented format (digits, country codes); any string when liberal. */
  matching(pattern: RegExp): z.ZodType<string> {
    return this.strict ? z.string().regex(pattern) : z.string();
  }

  /** An ISO 8601 date-time (with Z or an offset); any string when liberal. */
  dateTime(): z.ZodType<string> {
    return this.strict ? z.iso.datetime({ offset: true }) : z.string();
  }

  /** A number the contract types as number (and shows as a string in its own example). */
  numeric(): z.ZodType<number | string> {
    return z.union([z.number(), z.string()]);
  }

  /** A code the provider's documents give as a digit string ("0") in one place and a number in another. */
  code(): z.ZodType<number | string> {
    return z.union([z.number().int(), this.matching(DIGITS)]);
  }

  /** A boolean the provider's documents also show as the string "true" or "false". */
  boolean(): z.ZodType<boolean | string> {
    return z.union([z.boolean(), this.strict ? z.enum(["true", "false"]) : z.string()]);
  }

  /**
   * A field of the contract the adapter never reads: checked when "contract" (fixtures follow the
   * contract); anything, or nothing, when liberal, since an odd value in a field the product does not
   * read must never refuse an answer it paid for (docs/providers.md, "How the contracts are kept").
   */
  unread<T>(schema: z.ZodType<T>): z.ZodType<unknown> {
    return this.strict ? schema.optional() : z.unknown().optional();
  }
}

export const MCC = /^\d{3}$/;
export const MNC = /^\d{2,3}$/;
export const ISO2 = /^[A-Z]{2}$/;
export const ISO3 = /^[A-Z]{3}$/;
export const DIGITS = /^\d+$/;
export const DECIMAL = /^\d+(\.\d+)?$/;
export const E164 = /^\+[1-9]\d{6,14}$/;

/** Refuses, before any paid call, a number that is not E.164 (every adapter sends E.164 only). */
export function requireE164(e164: string): void {
  if (!E164.test(e164)) throw new LookupError(`not an E.164 number: ${e164}`, "rejected", false);
}
