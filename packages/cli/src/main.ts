import { type CliIo, processIo, write } from "./cli-io.ts";
import { COMMANDS, loadCommand } from "./commands/commands.ts";
import { UsageError } from "./usage-error.ts";

export type { CliIo } from "./cli-io.ts";
export type { Command } from "./commands/command.ts";
export { COMMANDS } from "./commands/commands.ts";
export { processIo };

/**
 * Runs the `parley` command line and returns the exit status. A leading option (`parley -p ...`, or
 * the flags-only command line the Agent SDK spawns) means `run`, so `parley` can stand in for `claude`.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  try {
    // `parley` alone in an interactive terminal is the terminal chat; piped or scripted, it prints usage.
    if (first === undefined && io.stdin.isTTY === true && (io.stdout as { isTTY?: boolean }).isTTY === true)
      return await (await loadCommand("tui")).run([], io);
    if (first === undefined || first === "help" || first === "-h" || first === "--help") {
      await write(io.stdout, help());
      return 0;
    }
    if (first === "--version" || first === "-v") {
      const { PARLEY_VERSION } = await import("@parley/engine");
      await write(io.stdout, `${PARLEY_VERSION}\n`);
      return 0;
    }
    if (COMMANDS.has(first)) return await (await loadCommand(first)).run(rest, io);
    if (first.startsWith("-")) return await (await loadCommand("run")).run(argv, io);
    throw new UsageError(
      `Unknown command "${first}". To send it as a prompt: parley run ${JSON.stringify(first)}`,
    );
  } catch (error) {
    if (error instanceof UsageError) {
      await write(io.stderr, `parley: ${error.message}\nRun "parley --help" for usage.\n`);
      return 2;
    }
    // Loaded only now: `parley --help` and the path to a command import no engine (see commands.ts).
    const { SettingsError } = await import("@parley/engine");
    if (error instanceof SettingsError) {
      await write(io.stderr, `parley: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function help(): string {
  const width = Math.max(...[...COMMANDS.keys()].map((name) => name.length));
  const commands = [...COMMANDS].map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`);
  return `Usage: parley <command> [options]

Parley runs AI agents that talk to people through typed messages.

Commands:
${commands.join("\n")}

parley alone, in a terminal, opens the chat (parley tui). parley -p "prompt" is short for
parley run "prompt". Run "parley <command> --help" for its options.
`;
}
