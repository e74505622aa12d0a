import {
  type Answer,
  type KindHandlers,
  type LookupCallOptions,
  type LookupKind,
  type LookupProvider,
  type LookupResults,
  lookupBy,
} from "../types";

/**
 * An adapter's base: one `lookup(kind, e164)` that calls the adapter's function for the kind
 * (`kinds`), and refuses a kind it has none for (docs/providers.md, "Look-up kinds").
 */
export abstract class KindedProvider implements LookupProvider {
  abstract readonly name: string;
  abstract readonly sandbox: boolean;
  abstract readonly answers: readonly Answer[];
  /** One function per kind the adapter looks up. */
  protected abstract readonly kinds: KindHandlers;

  lookup<K extends LookupKind>(
    kind: K,
    e164: string,
    options?: LookupCallOptions,
  ): Promise<LookupResults[K]> {
    return lookupBy(this.name, this.kinds, kind, e164, options);
  }
}
