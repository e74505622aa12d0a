import type { CliCommand, CommandIo } from "../../src/cli/command";
import { operatorName } from "../../src/features/audit/audit-service";
import type { TestApp } from "./test-app";

/** A console for a command that keeps what it prints (tables as JSON), in order. */
export function capturingIo(): { io: CommandIo; out: () => string } {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.join(" "));
  return {
    io: {
      log: keep,
      warn: keep,
      error: keep,
      table: (data: unknown) => void lines.push(JSON.stringify(data)),
    },
    out: () => lines.join("\n"),
  };
}

/** Runs one operator command as the CLI would, on the test database; captures what it printed. */
export async function runCommand(
  t: TestApp,
  commands: CliCommand[],
  action: string,
  values: Record<string, string | boolean>,
) {
  const command = commands.find((c) => c.action === action);
  if (!command) throw new Error(`no command ${action}`);
  const { io, out } = capturingIo();
  const code = await command.run({
    values,
    database: t.database,
    services: t.app.services,
    config: t.app.services.config,
    io,
    operator: operatorName(),
  });
  return { code, out: out() };
}
