import { PARLEY_VERSION, SettingsError } from "@parley/engine";
import { type CliIo, processIo, write } from "./cli-io.ts";
import type { Command } from "./commands/command.ts";
import { loginCommand, openCommand } from "./commands/open/open-command.ts";
import { runCommand } from "./commands/run/run-command.ts";
import { serveCommand } from "./commands/serve/serve-command.ts";
import { tuiCommand } from "./commands/tui/tui-command.ts";
import { workflowCommand } from "./commands/workflow/workflow-command.ts";
import { UsageError } from "./usage-error.ts";

export type { CliIo } from "./cli-io.ts";
export type { Command } from "./commands/command.ts";
export { processIo };

/** Every `parley` subcommand by name. */
export const COMMANDS: ReadonlyMap<string, Command> = new Map([
  [runCommand.name, runCommand],
  [serveCommand.name, serveCommand],
  [tuiCommand.name, tuiCommand],
  [workflowCommand.name, workflowCommand],
  [openCommand.name, openCommand],
  [loginCommand.name, loginCommand],
]);

/**
 * Runs the `parley` command line and returns the exit status. A leading option (`parley -p ...`, or
 * the flags-only command line the Agent SDK spawns) means `run`, so `parley` can stand in for `claude`.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  try {
    // `parley` alone in an interactive terminal is the terminal chat; piped or scripted, it prints usage.
    if (first === undefined && io.stdin.isTTY === true && (io.stdout as { isTTY?: boolean }).isTTY === true)
      return await tuiCommand.run([], io);
    if (first === undefined || first === "help" || first === "-h" || first === "--help") {
      await write(io.stdout, help());
      return 0;
    }
    if (first === "--version" || first === "-v") {
      await write(io.stdout, `${PARLEY_VERSION}\n`);
      return 0;
    }
    const command = COMMANDS.get(first);
    if (command) return await command.run(rest, io);
    if (first.startsWith("-")) return await runCommand.run(argv, io);
    throw new UsageError(
      `Unknown command "${first}". To send it as a prompt: parley run ${JSON.stringify(first)}`,
    );
  } catch (error) {
    if (error instanceof UsageError) {
      await write(io.stderr, `parley: ${error.message}\nRun "parley --help" for usage.\n`);
      return 2;
    }
    if (error instanceof SettingsError) {
      await write(io.stderr, `parley: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function help(): string {
  const width = Math.max(...[...COMMANDS.keys()].map((name) => name.length));
  const commands = [...COMMANDS.values()].map(
    (command) => `  ${command.name.padEnd(width)}  ${command.summary}`,
  );
  return `Usage: parley <command> [options]

Parley runs AI agents that talk to people through typed messages.

Commands:
${commands.join("\n")}

parley alone, in a terminal, opens the chat (parley tui). parley -p "prompt" is short for
parley run "prompt". Run "parley <command> --help" for its options.
`;
}
