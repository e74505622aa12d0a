import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Numcheck, type NumcheckError, type NumcheckOptions } from "../../../../packages/sdk/src/index";
import type { TestApp } from "./test-app";

/** The app listening on a real port of 127.0.0.1, as a client of the SDK reaches it. */
export async function listeningOrigin(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return address.replace("localhost", "127.0.0.1");
}

/** For `.then(unexpected, asError)`: a call that must fail, and its error. */
export const unexpected = (): never => {
  throw new Error("the call succeeded; an error was expected");
};
export const asError = (error: unknown) => error as NumcheckError;

/** An SDK client of the app with a key's secret; retries wait little. */
export function sdkClient(origin: string, apiKey: string, options: Partial<NumcheckOptions> = {}) {
  return new Numcheck({ apiKey, baseUrl: origin, retryDelay: { baseMs: 10, maxMs: 50 }, ...options });
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

/**
 * A proxy in front of the app that answers the first `refusals` requests itself (a 429 with the
 * given Retry-After, as a rate limit would) and forwards every other one unchanged.
 */
export async function refusingProxy(target: string, refusals: number, retryAfter: () => string) {
  const seen: SeenRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    seen.push({
      method: incoming.method ?? "",
      url: incoming.url ?? "",
      headers: incoming.headers,
      at: Date.now(),
    });
    if (seen.length <= refusals) {
      incoming.resume();
      outgoing.writeHead(429, { "content-type": "application/json", "retry-after": retryAfter() });
      outgoing.end(JSON.stringify({ code: 42900, msg: "Too many requests", data: null }));
      return;
    }
    const upstream = new URL(incoming.url ?? "/", target);
    const forwarded = httpRequest(
      upstream,
      { method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
