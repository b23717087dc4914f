import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { type AgentBackend, AgentBackendSchema } from "@parley/protocol";
import { UsageError } from "../../usage-error.ts";

/** The command line of `parley serve`, checked, with environment defaults applied. */
export interface ServeArgs {
  projectRoot: string;
  host: string;
  /** Undefined tries Parley's default port and falls back to a free one. */
  port: number | undefined;
  allowedHosts: string[];
  /** Who answers new sessions unless their creator chooses: Parley's engine or an installed agent CLI. */
  backend: AgentBackend | undefined;
  help: boolean;
}

/**
 * Parses `parley serve [--project DIR] [--host ADDR] [--port N] [--allowed-host NAME]... [--backend NAME]`.
 * Defaults come from `PARLEY_PORT`, `PARLEY_HOST`, `PARLEY_ALLOWED_HOSTS` and `PARLEY_BACKEND`; the project is
 * the directory `npm start` or the shell was run from.
 */
export function parseServeArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): ServeArgs {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const portText = values.port ?? env.PARLEY_PORT;
  let port: number | undefined;
  if (portText !== undefined && portText !== "") {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535) {
      throw new UsageError(`--port must be a port number from 0 to 65535, not ${JSON.stringify(portText)}`);
    }
    port = Number(portText);
  }
  const allowedHosts = [...(env.PARLEY_ALLOWED_HOSTS ?? "").split(","), ...(values["allowed-host"] ?? [])]
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const backendText = values.backend ?? env.PARLEY_BACKEND;
  let backend: AgentBackend | undefined;
  if (backendText !== undefined && backendText !== "") {
    const parsed = AgentBackendSchema.safeParse(backendText);
    if (!parsed.success) {
      throw new UsageError(
        `--backend must be one of ${AgentBackendSchema.options.join(", ")}, not ${JSON.stringify(backendText)}`,
      );
    }
    backend = parsed.data;
  }
  // `npm start` runs in the repository root; INIT_CWD is where the user typed it.
  const base = env.INIT_CWD ?? cwd;
  return {
    projectRoot: resolve(base, values.project ?? "."),
    host: values.host ?? env.PARLEY_HOST ?? "127.0.0.1",
    port,
    allowedHosts,
    backend,
    help: values.help ?? false,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      project: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      "allowed-host": { type: "string", multiple: true },
      backend: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
}

/** `parley serve --help`. */
export const SERVE_HELP = `Usage: parley serve [options]

Starts Parley's server (API, event stream and web UI) for a project.

Options:
  --project DIR        the project to serve (default: the current directory)
  --port N             port to listen on (default: PARLEY_PORT, else 4780 or a free port)
  --host ADDR          interface to bind (default: PARLEY_HOST, else 127.0.0.1); any other interface
                       requires PARLEY_TOKEN
  --allowed-host NAME  also accept requests for this host name, or NAME:PORT as a load balancer in
                       front forwards it (repeatable; PARLEY_ALLOWED_HOSTS)
  --backend NAME       who answers new sessions (default: PARLEY_BACKEND, else parley): parley, or an
                       installed agent CLI: claude-code, opencode, codex, gemini (each session may choose)

Environment: PARLEY_HOME (data, default ~/.parley), PARLEY_TOKEN (fixed API token), PARLEY_MODEL
(provider:model), ANTHROPIC_API_KEY / OPENAI_API_KEY and their *_BASE_URL.
`;
