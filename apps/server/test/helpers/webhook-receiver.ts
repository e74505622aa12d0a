import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as it arrived (what the signature covers). */
  body: string;
}

/** How the receiver answers one request: a status (and body, headers), or never ("hang"). */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  hits: ReceivedWebhook[];
  /** Sets how the next requests are answered (by default 204). */
  answer(next: (hit: ReceivedWebhook) => ReceiverAnswer): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every webhook it gets. */
export async function startReceiver(): Promise<WebhookReceiver> {
  const hits: ReceivedWebhook[] = [];
  let respond: (hit: ReceivedWebhook) => ReceiverAnswer = () => ({ status: 204 });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const hit = {
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      hits.push(hit);
      const answer = respond(hit);
      if (answer === "hang") return;
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    answer(next) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (connections to it are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
