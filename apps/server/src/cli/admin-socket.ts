import { Console } from "node:console";
import { rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { resolve } from "node:path";
import { Writable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { errorMessageForLog } from "../http/error-log";
import type { CoreServices } from "../services";
import { parseCommandLine, runCommand } from "./registry";

/**
 * The running server's door for the CLI on the embedded database (docs/operations.md, "The CLI
 * beside a running server"). PGlite allows one process on a data folder, so while the server holds
 * it the CLI hands its command line to the server over a Unix socket in that folder, and the server
 * runs the same command on its own database handle and sends the output back line by line.
 *
 * Who may use it: the socket is created mode 0600 in the data folder, so only the operating-system
 * user who runs the server (and root) can connect; that user can read the database files anyway.
 * Nothing listens on the network.
 *
 * Protocol: the CLI writes one JSON line `{"argv": [...], "operator": "name"}`; the server answers
 * JSON lines `{"stdout": text}` / `{"stderr": text}` as the command prints, then `{"exit": code}`.
 */
export const ADMIN_SOCKET_FILE = "admin.sock";
/** A request line is a command line: anything longer is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** A client that connects and says nothing is dropped after this. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Unix socket paths longer than this do not fit `sun_path` on Linux (108 bytes with the NUL). */
const MAX_SOCKET_PATH = 107;

export function adminSocketPath(dataDir: string): string {
  return resolve(dataDir, ADMIN_SOCKET_FILE);
}

interface AdminRequest {
  argv: string[];
  operator: string;
}

/** A valid request, or null: argv a list of strings, operator a short name. */
function parseRequest(line: string): AdminRequest | null {
  try {
    const value = JSON.parse(line) as Partial<AdminRequest>;
    if (!Array.isArray(value.argv) || !value.argv.every((a) => typeof a === "string")) return null;
    if (typeof value.operator !== "string" || value.operator.length === 0 || value.operator.length > 100)
      return null;
    return { argv: value.argv, operator: value.operator };
  } catch {
    return null;
  }
}

/** A stream whose writes go back to the CLI as JSON lines of one kind. */
function linesTo(socket: Socket, kind: "stdout" | "stderr"): Writable {
  return new Writable({
    // Handed to the socket at once (it queues in order): waiting for each write to drain would
    // leave later lines in this stream's buffer when the exit line ends the connection.
    write(chunk, _encoding, callback) {
      if (!socket.destroyed) socket.write(`${JSON.stringify({ [kind]: String(chunk) })}\n`);
      callback();
    },
  });
}

async function serve(
  socket: Socket,
  line: string,
  options: { database: Database; services: CoreServices; config: Config; log: FastifyBaseLogger },
) {
  const finish = (code: number) => socket.end(`${JSON.stringify({ exit: code })}\n`);
  const request = parseRequest(line);
  if (!request) {
    socket.write(`${JSON.stringify({ stderr: "malformed request\n" })}\n`);
    return finish(2);
  }
  const io = new Console({
    stdout: linesTo(socket, "stdout"),
    stderr: linesTo(socket, "stderr"),
    colorMode: false,
  });
  const parsed = parseCommandLine(request.argv);
  if ("usageError" in parsed) {
    io.error(parsed.usageError);
    return finish(2);
  }
  if (parsed.command.local) {
    io.error(
      `${parsed.command.area} ${parsed.command.action} runs as its own process; the server on this data folder already does this work.`,
    );
    return finish(2);
  }
  const command = `${parsed.command.area} ${parsed.command.action}`;
  options.log.info({ command, operator: request.operator }, "operator command from the CLI");
  try {
    finish(
      await runCommand(parsed, {
        config: options.config,
        io,
        operator: request.operator,
        database: options.database,
        services: options.services,
      }),
    );
  } catch (error) {
    // Values of a failed statement (a hash, a secret) are redacted, as the CLI itself prints them.
    const message = errorMessageForLog(error);
    options.log.error({ command, err: error }, "operator command failed");
    io.error(message);
    finish(1);
  }
}

/**
 * Listens on `<DATA_DIR>/admin.sock`; answers a function that stops listening and removes the
 * socket. The caller holds the data-folder lock, so a socket file already there is a dead server's.
 */
export async function startAdminSocket(options: {
  dataDir: string;
  database: Database;
  services: CoreServices;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const path = adminSocketPath(options.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    options.log.warn(
      { path },
      "the CLI cannot reach this server: the data folder's path is too long for a Unix socket; stop the server to run operator commands, or use a shorter DATA_DIR",
    );
    return async () => {};
  }
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let buffered = "";
    let started = false;
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => {
      if (!started) socket.destroy();
    });
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk) => {
      if (started) return;
      buffered += String(chunk);
      const end = buffered.indexOf("\n");
      if (end < 0) {
        if (Buffer.byteLength(buffered) > MAX_REQUEST_BYTES) socket.destroy();
        return;
      }
      started = true;
      socket.setTimeout(0);
      serve(socket, buffered.slice(0, end), options).catch((error: unknown) => {
        options.log.error({ err: error }, "operator command could not be answered");
        socket.destroy();
      });
    });
  });
  // The socket file is created with the mode the umask leaves: 0600 from the start, not after a chmod.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(path, () => {
        server.off("error", reject);
        resolveListen();
      });
    });
  } finally {
    process.umask(umask);
  }
  return () =>
    new Promise<void>((resolveClose) => {
      server.close(() => {
        rmSync(path, { force: true });
        resolveClose();
      });
    });
}
