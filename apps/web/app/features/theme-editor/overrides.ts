import { TOKEN_FIELDS } from "./token-fields";

/**
 * Theme editor overrides (docs/architecture.md, "Organisations and access"): antd design tokens per layer. Applied in the order
 * base tokens < shared < light or dark (the current mode) < mobile (phones, tablets, narrow windows).
 */
export const LAYERS = ["shared", "light", "dark", "mobile"] as const;
export type Layer = (typeof LAYERS)[number];

export type TokenValue = string | number;
export type TokenValues = Record<string, TokenValue>;
export type ThemeOverrides = Record<Layer, TokenValues>;

export const EMPTY_OVERRIDES: ThemeOverrides = Object.freeze({
  shared: {},
  light: {},
  dark: {},
  mobile: {},
}) as ThemeOverrides;

/** antd token names are camelCase identifiers; anything else is not ours. */
const TOKEN_NAME = /^[a-z][A-Za-z0-9]{0,63}$/;
const MAX_TEXT = 200;
const KIND_OF = new Map(TOKEN_FIELDS.map((f) => [f.token, f.kind]));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function validTokenValue(token: string, value: unknown): value is TokenValue {
  const kind = KIND_OF.get(token);
  if (typeof value === "number") return Number.isFinite(value) && kind !== "color";
  if (typeof value === "string") return value.length <= MAX_TEXT && kind !== "number";
  return false;
}

/**
 * The overrides an imported or stored value holds, or null when it is not of the expected shape:
 * an object whose keys are layers, each an object of token name to string or number (a colour token
 * takes a string, a size token a number). Layers left out are empty.
 */
export function validateOverrides(value: unknown): ThemeOverrides | null {
  if (!isPlainObject(value)) return null;
  const result: ThemeOverrides = { shared: {}, light: {}, dark: {}, mobile: {} };
  for (const [layer, tokens] of Object.entries(value)) {
    if (!(LAYERS as readonly string[]).includes(layer) || !isPlainObject(tokens)) return null;
    const values: TokenValues = {};
    for (const [token, tokenValue] of Object.entries(tokens)) {
      if (!TOKEN_NAME.test(token) || !validTokenValue(token, tokenValue)) return null;
      values[token] = tokenValue;
    }
    result[layer as Layer] = values;
  }
  return result;
}

/** Parses the text of an imported file (or of local storage): null when invalid JSON or shape. */
export function parseOverrides(text: string): ThemeOverrides | null {
  try {
    return validateOverrides(JSON.parse(text));
  } catch {
    return null;
  }
}

export function isEmptyOverrides(overrides: ThemeOverrides): boolean {
  return LAYERS.every((layer) => Object.keys(overrides[layer]).length === 0);
}

/** A copy with one token of one layer set, or removed when value is undefined. */
export function withToken(
  overrides: ThemeOverrides,
  layer: Layer,
  token: string,
  value: TokenValue | undefined,
): ThemeOverrides {
  const { [token]: _previous, ...rest } = overrides[layer];
  return { ...overrides, [layer]: value === undefined ? rest : { ...rest, [token]: value } };
}
