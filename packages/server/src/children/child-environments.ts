import type { ChildEnvironment, ChildProcessKind, EnvironmentVariables } from "@parley/engine";
import { childEnvironmentFor, loadSettings } from "@parley/engine/settings";
import type { ParleySettings } from "@parley/protocol";

/** What the server's child environments are made from. */
export interface ChildEnvironmentsOptions {
  /**
   * The variables the server was started with (`ServerOptions.env`); the person's environment is these over
   * the process's own, read at each start as before.
   */
  env: EnvironmentVariables;
  /** Parley's home, whose settings hold stored keys and what the person passes on to each kind of child. */
  home: string;
  /** The server's API token (generated or given): a variable holding it is withheld too. */
  token: string;
}

/**
 * The environment of each kind of child process the server starts (agent CLIs, MCP servers, the Bash tool
 * and workflow shell steps), by the rule in docs/decisions/2026-11-26-child-processes.md: the person's
 * environment minus Parley's secrets, plus what their own settings pass on to that kind. Settings are read
 * at every start, so a change applies to the next child.
 */
export class ChildEnvironments {
  readonly #options: ChildEnvironmentsOptions;

  constructor(options: ChildEnvironmentsOptions) {
    this.#options = options;
  }

  /** The environment for a child of `kind`, and the names withheld from it. */
  async for(kind: ChildProcessKind): Promise<ChildEnvironment> {
    return (await this.withSettings(kind)).environment;
  }

  /** As `for`, with the settings it was made from (read once), for a caller that needs more of them. */
  async withSettings(
    kind: ChildProcessKind,
  ): Promise<{ environment: ChildEnvironment; settings: ParleySettings }> {
    const { env, home, token } = this.#options;
    // Unreadable settings (the Settings page says why) still withhold every secret known by name.
    const settings: ParleySettings = await loadSettings(home).catch(() => ({}));
    return {
      environment: childEnvironmentFor(kind, { ...process.env, ...env }, settings, [token]),
      settings,
    };
  }

  /** Only the environment for a child of `kind`. */
  async env(kind: ChildProcessKind): Promise<Record<string, string>> {
    return (await this.for(kind)).env;
  }
}
