import { existsSync, realpathSync, statSync } from "node:fs";
import { parleyHome } from "@parley/engine";
import { findRunningServer, type ParleyServer, startParleyServer } from "@parley/server";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { parseTuiArgs, TUI_HELP } from "./parse-tui-args.ts";

/** The server the terminal UI talks to, and the one it started itself when none ran. */
interface Attachment {
  url: string;
  token: string;
  local?: ParleyServer;
}

/**
 * `parley tui` (and `parley` alone in a terminal): the terminal chat. It attaches to the server serving
 * the project (found in $PARLEY_HOME as `parley workflow` finds it), or `--url`; with none running it
 * starts one in this process on the same store, which stops when the chat closes. The terminal UI and
 * React are imported only now, so `parley run` never loads them.
 */
export const tuiCommand: Command = {
  async run(argv, io) {
    const args = parseTuiArgs(argv, io.env, io.cwd);
    if (args.help) {
      await write(io.stdout, TUI_HELP);
      return 0;
    }
    const stdin = io.stdin as NodeJS.ReadStream;
    const stdout = io.stdout as NodeJS.WriteStream;
    if (stdin.isTTY !== true || stdout.isTTY !== true)
      throw new UsageError("the terminal UI needs an interactive terminal; for scripts use parley run");
    if (!existsSync(args.projectRoot) || !statSync(args.projectRoot).isDirectory())
      throw new UsageError(`--project ${JSON.stringify(args.projectRoot)} is not a directory`);
    const projectRoot = realpathSync(args.projectRoot);
    let attachment: Attachment;
    try {
      attachment = await attach(args.url, args.token, projectRoot, io);
    } catch (error) {
      await write(io.stderr, `parley: ${(error as Error).message}\n`);
      return 1;
    }
    // React's development build checks every render and is several times slower: a person gets production.
    process.env.NODE_ENV ??= "production";
    const { runTui } = await import("@parley/tui");
    try {
      return await runTui({
        baseUrl: attachment.url,
        token: attachment.token,
        projectRoot,
        stdin,
        stdout,
        stderr: io.stderr as NodeJS.WriteStream,
        env: io.env,
        sessionId: args.sessionId,
        ...(attachment.local !== undefined && { browserLink: () => attachment.local?.loginUrl() }),
      });
    } finally {
      await attachment.local?.close();
    }
  },
};

async function attach(
  url: string | undefined,
  token: string | undefined,
  projectRoot: string,
  io: CliIo,
): Promise<Attachment> {
  if (url !== undefined) return { url, token: token ?? "" };
  const home = parleyHome(io.env);
  const running = findRunningServer(home, projectRoot);
  if (running !== undefined) return running;
  try {
    const local = await startParleyServer({ projectRoot, home, env: io.env });
    return { url: local.url, token: local.token, local };
  } catch (error) {
    // Another `parley` started a server for the project meanwhile (it holds the store's lock): use it.
    const started = findRunningServer(home, projectRoot);
    if (started !== undefined) return started;
    throw error;
  }
}
