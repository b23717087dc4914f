import { resolve } from "node:path";
import { parseCommandLine, UsageError } from "../../usage-error.ts";

/** What `parley tui` was asked for. */
export type TuiArgs =
  | { help: true }
  | {
      help: false;
      projectRoot: string;
      url?: string | undefined;
      token?: string | undefined;
      sessionId?: string | undefined;
    };

/** `parley tui --help`. */
export const TUI_HELP = `Usage: parley [tui] [--project DIR] [--url URL] [--token TOKEN] [--session ID]

A chat with the project's agent in this terminal, on the same event stream as the web UI: a session begun
here continues in the browser and the other way round. It attaches to the server serving the project (the
one \`parley serve\` started, found in $PARLEY_HOME), or starts one in this process on the same store.
\`parley\` alone opens it when the terminal is interactive.

Options:
  --project DIR   the project (default: the current directory)
  --url URL       another server (with --token or PARLEY_TOKEN)
  --token TOKEN   the bearer token for --url
  --session ID    open this session at once
  -h, --help      this help

In the chat: Enter sends, Esc stops the agent, /help lists the keys and commands.
`;

/** Reads `parley tui`'s arguments. */
export function parseTuiArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): TuiArgs {
  const { values, positionals } = parse(argv);
  if (values.help === true) return { help: true };
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const token = values.token ?? (values.url === undefined ? undefined : env.PARLEY_TOKEN);
  if (values.url !== undefined && (token === undefined || token === ""))
    throw new UsageError("--url needs --token (or PARLEY_TOKEN): the server refuses requests without it");
  return {
    help: false,
    projectRoot: resolve(cwd, values.project ?? "."),
    url: values.url,
    token,
    sessionId: values.session,
  };
}

function parse(argv: readonly string[]) {
  return parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      project: { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
      session: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
