import type { Command } from "./command.ts";

/**
 * Every `parley` subcommand by name, with its line for `parley --help`. A command's module (and what it
 * imports: the server, model providers, the terminal UI) is loaded only when that command runs.
 */
export const COMMANDS: ReadonlyMap<string, string> = new Map([
  ["run", "run one agent turn headlessly (text, json or stream-json output)"],
  [
    "acp",
    "Speak the Agent Client Protocol on stdio, so an editor (Zed, JetBrains, Neovim) uses Parley as its agent",
  ],
  ["serve", "Start Parley's server (web UI, HTTP API and event stream) for a project"],
  ["tui", "Chat with the project's agent in this terminal (what `parley` alone opens)"],
  ["workflow", "List, run and control the project's workflows (.parley/workflows/*.yaml)"],
  ["open", "Open the web UI of the server serving this project, signed in (a fresh sign-in link)"],
  ["login", "Print a fresh sign-in link for the web UI (each link works once)"],
  [
    "db",
    "Database tasks: `parley db migrate` brings the PostgreSQL database of PARLEY_DATABASE_URL up to date",
  ],
]);

/** Loads the subcommand named `name` (one of COMMANDS' keys). */
export async function loadCommand(name: string): Promise<Command> {
  switch (name) {
    case "run":
      return (await import("./run/run-command.ts")).runCommand;
    case "acp":
      return (await import("./acp/acp-command.ts")).acpCommand;
    case "serve":
      return (await import("./serve/serve-command.ts")).serveCommand;
    case "tui":
      return (await import("./tui/tui-command.ts")).tuiCommand;
    case "workflow":
      return (await import("./workflow/workflow-command.ts")).workflowCommand;
    case "open":
      return (await import("./open/open-command.ts")).openCommand;
    case "login":
      return (await import("./open/open-command.ts")).loginCommand;
    case "db":
      return (await import("./db/db-command.ts")).dbCommand;
    default:
      throw new Error(`no command ${name}`);
  }
}
