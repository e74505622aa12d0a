import type { Envelope } from "@nc/contracts/envelope";

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, msg: "ok", data };
}
