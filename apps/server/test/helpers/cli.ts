import { vi } from "vitest";
import type { CliCommand } from "../../src/cli/command";
import type { TestApp } from "./test-app";

/** Runs one operator command as the CLI would, on the test database; captures what it printed. */
export async function runCommand(
  t: TestApp,
  commands: CliCommand[],
  action: string,
  values: Record<string, string>,
) {
  const command = commands.find((c) => c.action === action);
  if (!command) throw new Error(`no command ${action}`);
  const lines: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void lines.push(a.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void lines.push(a.join(" ")));
  try {
    const code = await command.run({ values, database: t.database, config: t.app.services.config });
    return { code, out: lines.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
