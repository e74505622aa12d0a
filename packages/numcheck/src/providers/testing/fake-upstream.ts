import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";

/**
 * A fake look-up provider on 127.0.0.1 (an ephemeral port) for the adapters' tests. It answers what
 * each test scripts, but only what the provider's contract allows: every answer is validated against
 * the contract-strength schema (contract-fields.ts) before it is sent, every request against what
 * the contract requires (path, credentials, parameters), and each scripted answer must name the
 * contract and version it follows. Anything off-contract is recorded as a violation, and
 * `assertClean()` (run after each test) fails the test, so the fake cannot drift from the contract.
 */
export interface FakeReply {
  /** The contract and version this answer follows (the provider's *_CONTRACT constant). */
  contract: string;
  /** HTTP status (default 200). */
  status?: number;
  /** The JSON body; it must follow the contract's schema for this status. */
  body?: unknown;
  /** A body that breaks the contract on purpose (sent as is); the fake checks that it really does. */
  malformed?: string;
  headers?: Record<string, string>;
  /** Answer after this many milliseconds (a slow provider). */
  delayMs?: number;
}

export interface FakeCall {
  method: string;
  /** The decoded path, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** How many authorised calls this path and query have had so far, this one included. */
  hit: number;
}

export interface FakeContract {
  /** The contract and version every answer must name. */
  contract: string;
  /** What the contract requires of a request, as a list of what this one gets wrong (empty: fine). */
  checkRequest(call: FakeCall): string[];
  /** The provider's refusal of missing or wrong credentials, or null when they are right. */
  refuse(call: FakeCall): FakeReply | null;
  /** The schema the body of an answer with this status must follow; null: the contract gives none. */
  schemaFor(call: FakeCall, status: number): z.ZodType | null;
}

export type FakeScript = (call: FakeCall) => FakeReply;

/** A GET call as the fake would see it, to check a fixture on its own. */
export function fakeCall(path: string, query: Record<string, string> = {}): FakeCall {
  return { method: "GET", path, query: new URLSearchParams(query), headers: {}, hit: 1 };
}

export class FakeUpstream {
  /** Authorised calls, in order. */
  readonly calls: FakeCall[] = [];
  /** What broke the contract (answers and requests); must stay empty. */
  readonly violations: string[] = [];
  peakInFlight = 0;
  #inFlight = 0;
  /** Answers still pending from before a reset do not count in the next test's in-flight figures. */
  #generation = 0;
  readonly #hits = new Map<string, number>();
  #server: Server | null = null;
  #script: FakeScript;

  constructor(
    readonly contract: FakeContract,
    readonly defaultScript: FakeScript,
  ) {
    this.#script = defaultScript;
  }

  /** Starts listening; returns the origin ("http://127.0.0.1:port"). */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://fake");
      const call: FakeCall = {
        method: req.method ?? "GET",
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        headers: req.headers,
        hit: 0,
      };
      const refusal = this.contract.refuse(call);
      if (refusal) {
        this.#send(res, call, refusal);
        return;
      }
      const key = `${call.path}?${call.query}`;
      call.hit = (this.#hits.get(key) ?? 0) + 1;
      this.#hits.set(key, call.hit);
      this.calls.push(call);
      for (const problem of this.contract.checkRequest(call))
        this.violations.push(`request ${call.path}: ${problem}`);
      this.#send(res, call, this.#script(call));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.#server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    this.#server = null;
  }

  /** Forgets the calls and violations and plays `script` (default: the default script) from now on. */
  reset(script: FakeScript = this.defaultScript): void {
    this.calls.length = 0;
    this.violations.length = 0;
    this.#hits.clear();
    this.peakInFlight = 0;
    this.#inFlight = 0;
    this.#generation++;
    this.#script = script;
  }

  /** Plays `script` from now on. */
  play(script: FakeScript): void {
    this.#script = script;
  }

  /** Throws when an answer or a request broke the contract. */
  assertClean(): void {
    if (this.violations.length > 0) {
      throw new Error(`the fake provider left its contract:\n${this.violations.join("\n")}`);
    }
  }

  /** Checks a reply against the contract before it is sent (also usable on a fixture alone). */
  validate(call: FakeCall, reply: FakeReply): string[] {
    const problems: string[] = [];
    const status = reply.status ?? 200;
    if (reply.contract !== this.contract.contract) {
      problems.push(
        `answer names contract "${reply.contract}", the fake follows "${this.contract.contract}"`,
      );
    }
    const schema = this.contract.schemaFor(call, status);
    if (reply.malformed !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(reply.malformed);
      } catch {
        return problems; // not JSON at all: malformed indeed
      }
      if (!schema || schema.safeParse(parsed).success) {
        problems.push(`a "malformed" answer (HTTP ${status}) follows the contract`);
      }
      return problems;
    }
    if (!schema) {
      if (reply.body !== undefined) problems.push(`the contract gives no body for HTTP ${status}`);
      return problems;
    }
    const result = schema.safeParse(reply.body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`HTTP ${status} ${issue.path.join(".") || "(root)"}: ${issue.message}`);
      }
    }
    return problems;
  }

  #send(res: ServerResponse, call: FakeCall, reply: FakeReply): void {
    for (const problem of this.validate(call, reply))
      this.violations.push(`answer to ${call.path}: ${problem}`);
    const generation = this.#generation;
    this.#inFlight++;
    this.peakInFlight = Math.max(this.peakInFlight, this.#inFlight);
    const send = () => {
      if (generation === this.#generation) this.#inFlight--;
      if (res.destroyed) return;
      const payload = reply.malformed ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
      res
        .writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers })
        .end(payload);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  }
}
