import { connect } from "node:net";

/**
 * Hands a command line to the server that holds the embedded database (cli/admin-socket.ts) and
 * prints what it prints. Answers the command's exit code, or null when no server listens there
 * (no socket, or one a stopped server left behind).
 */
export function forwardToServer(
  socketPath: string,
  argv: string[],
  operator: string,
  out: { stdout: Pick<NodeJS.WriteStream, "write">; stderr: Pick<NodeJS.WriteStream, "write"> } = process,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let connected = false;
    let buffered = "";
    let exit: number | null = null;
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv, operator })}\n`);
    });
    socket.on("data", (chunk) => {
      buffered += String(chunk);
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const message = JSON.parse(buffered.slice(0, end)) as {
          stdout?: string;
          stderr?: string;
          exit?: number;
        };
        buffered = buffered.slice(end + 1);
        if (message.stdout !== undefined) out.stdout.write(message.stdout);
        if (message.stderr !== undefined) out.stderr.write(message.stderr);
        if (message.exit !== undefined) exit = message.exit;
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
    socket.on("close", () => {
      if (!connected) return;
      if (exit === null) reject(new Error("the server closed the connection before the command finished"));
      else resolve(exit);
    });
  });
}
