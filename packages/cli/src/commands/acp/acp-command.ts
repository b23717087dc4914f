import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { loadSettings, parleyHome } from "@parley/engine";
import { write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { chooseModels } from "../run/choose-models.ts";
import { parseRunArgs } from "../run/parse-run-args.ts";
import { acpAgent } from "./acp-agent.ts";

const HELP = `Usage: parley acp [options]

Speaks the Agent Client Protocol (ACP) on stdin and stdout, so an editor (Zed, JetBrains IDEs, Neovim,
Emacs) can use Parley as its agent: Parley's tools, MCP servers and permission policy, with approvals
asked in the editor, and files and commands going through the editor where it offers them.

Options (as for parley run):
  --model <provider:model>        the model every session uses
  --permission-mode <mode>        the mode sessions start in (the editor can switch it)
  --allowedTools <rules...>       let these calls run, e.g. "Bash(npm test)"
  --disallowedTools <rules...>    refuse these calls
  --no-session-persistence        do not keep sessions for session/load
  -h, --help                      show this help

Sessions are kept in PARLEY_HOME/cli-sessions, as parley run keeps its conversations.
`;

/** `parley acp`: Parley as an ACP agent over stdio. */
export const acpCommand: Command = {
  async run(argv, io) {
    const args = parseRunArgs(argv);
    if (args.help) {
      await write(io.stdout, HELP);
      return 0;
    }
    if (args.prompt !== undefined) throw new UsageError("parley acp takes no prompt: the editor sends them");
    const home = parleyHome(io.env);
    const settings = await loadSettings(home);
    const { model, fallbackModel } = chooseModels(args, io, settings);
    const { app, close } = acpAgent({
      args: { ...args, includePartialMessages: true },
      io,
      home,
      settings,
      model,
      fallbackModel,
      // stdout is the protocol's: everything else goes to stderr, which editors show as the agent's log.
      warn: (message) => io.stderr.write(`${message}\n`),
    });
    const stream = ndJsonStream(
      Writable.toWeb(io.stdout as Writable) as WritableStream<Uint8Array>,
      Readable.toWeb(io.stdin as Readable) as ReadableStream<Uint8Array>,
    );
    const connection = app.connect(stream);
    await connection.closed;
    await close();
    return 0;
  },
};
