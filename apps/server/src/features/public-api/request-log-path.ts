import { isUuid } from "../../core/uuid";
import { KEY_PARAMS, LOOKS_LIKE_KEY } from "./api-key-auth";

/** Longest path kept in the request log; longer ones are cut (a log, not a copy of the request). */
export const LOGGED_PATH_MAX = 500;

const MASK = "[redacted]";
const DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * Could be a phone number: seven digits or more once spaces, dots, dashes, brackets and a leading
 * "+" are set aside (dates and UUIDs, the numbers our own paths carry, excepted).
 */
function phoneLike(text: string): boolean {
  if (DATE.test(text) || isUuid(text)) return false;
  const digits = text.replace(/^\+|[\s().-]/g, "");
  return digits.length >= 7 && /^\d+$/.test(digits);
}

/**
 * The path a call asked for, as the request log keeps it (docs/operations.md, "The API request
 * log"): query values that could be a key or a phone number, and path segments that could be a
 * number, are masked; everything else stays as sent, so the developer sees the call they made.
 */
export function loggedPath(url: string): string {
  const index = url.indexOf("?");
  const path = (index === -1 ? url : url.slice(0, index))
    .split("/")
    .map((segment) => (phoneLike(decodeSafely(segment)) ? MASK : segment))
    .join("/");
  if (index === -1) return path.slice(0, LOGGED_PATH_MAX);
  const query = url
    .slice(index + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = decodeSafely(pair.slice(0, equals));
      const value = decodeSafely(pair.slice(equals + 1));
      const secret = KEY_PARAMS.test(name) || LOOKS_LIKE_KEY.test(value) || phoneLike(value);
      return secret ? `${pair.slice(0, equals)}=${MASK}` : pair;
    })
    .join("&");
  return `${path}?${query}`.slice(0, LOGGED_PATH_MAX);
}

/** A query or path part decoded, or as it is when it is not valid percent-encoding. */
function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}
