import {
  AGENT_BACKEND_LABELS,
  type AgentListResult,
  type ExportResult,
  type ModelListResult,
  type SessionListResult,
} from "@parley/protocol";
import type { AgentCli, AgentCliConfig, RunAgentOptions } from "../agent-cli.ts";
import type { AgentRun } from "../agent-run.ts";
import { CliAdapter, messageOf } from "../cli-adapter.ts";
import { refusedArgument } from "../cli-arguments.ts";
import { parseOpenCodeAgentList, parseOpenCodeExport, parseOpenCodeSessionList } from "./opencode-output.ts";
import { OpenCodeRunParser } from "./opencode-run-parser.ts";

/** What OpenCode asks the person about when Parley drives it over ACP. */
const ASK_PERMISSION = JSON.stringify({
  edit: "ask",
  bash: "ask",
  webfetch: "ask",
  external_directory: "ask",
});

/**
 * OpenCode through the Agent Client Protocol (`opencode acp`: its permission requests reach the person, the
 * model and agent are session options), or with `protocol: "stream-json"` through `opencode run --format json
 * --thinking` (prompt on stdin, which OpenCode sends unquoted; `--session=<id>` to continue); `opencode export`,
 * `opencode session list --format json` and `opencode agent list`.
 */
export class OpenCodeCli extends CliAdapter implements AgentCli {
  constructor(config: AgentCliConfig) {
    super(
      {
        name: "opencode",
        label: AGENT_BACKEND_LABELS.opencode,
        defaultCommand: "opencode",
        minimumVersion: "1.18.0",
        installHint: "npm install -g opencode-ai",
      },
      config,
    );
  }

  runAgent(options: RunAgentOptions): AgentRun {
    if (this.protocol !== "stream-json") {
      const sessionOptions: Record<string, string> = {};
      if (options.model) sessionOptions.model = options.model;
      if (options.agent) sessionOptions.mode = options.agent;
      // OpenCode allows edits and commands unasked by default; through Parley the person decides them,
      // unless they set OPENCODE_PERMISSION themselves.
      const env = this.env.OPENCODE_PERMISSION ? {} : { OPENCODE_PERMISSION: ASK_PERMISSION };
      return this.runAcp(options, ["acp"], { env, sessionOptions });
    }
    const args = ["run", "--format", "json", "--thinking"];
    // `--flag=value` keeps a value from ever standing alone on the command line.
    if (options.sessionId) args.push(`--session=${options.sessionId}`);
    if (options.model) args.push(`--model=${options.model}`);
    if (options.agent) args.push(`--agent=${options.agent}`);
    return this.run(options, args, new OpenCodeRunParser(this.now), options.message);
  }

  async exportSession(sessionId: string, cwd = process.cwd()): Promise<ExportResult> {
    // The id stands alone on the command line: one that reads as an option is refused.
    const refused = refusedArgument("session id", sessionId);
    const { stdout, failure } = refused
      ? { stdout: "", failure: `OpenCode's export was not started: ${refused}` }
      : await this.capture(["export", sessionId], cwd);
    if (failure !== null)
      return { success: false, session_id: sessionId, messages: [], error_message: failure };
    try {
      return { success: true, session_id: sessionId, messages: parseOpenCodeExport(JSON.parse(stdout)) };
    } catch (error) {
      const message = `OpenCode's export of ${sessionId} is not JSON: ${messageOf(error)}`;
      return { success: false, session_id: sessionId, messages: [], error_message: message };
    }
  }

  async listSessions(cwd?: string): Promise<SessionListResult> {
    const { stdout, failure } = await this.capture(
      ["session", "list", "--format", "json"],
      cwd ?? process.cwd(),
    );
    if (failure !== null) return { success: false, sessions: [], error_message: failure };
    try {
      // With no sessions yet OpenCode prints nothing at all.
      const listed = stdout.trim() === "" ? [] : JSON.parse(stdout);
      return { success: true, sessions: parseOpenCodeSessionList(listed, cwd) };
    } catch (error) {
      return { success: false, sessions: [], error_message: `OpenCode's session list: ${messageOf(error)}` };
    }
  }

  /** `opencode models`: one `provider/model` a line, every model of the providers it is configured with. */
  async listModels(cwd: string): Promise<ModelListResult> {
    const { stdout, failure } = await this.capture(["models"], cwd);
    if (failure !== null) return { success: false, models: [], current_model: null, error_message: failure };
    const ids = stdout.split("\n").map((line) => line.trim());
    const models = ids.filter((id) => /^[^\s/]+\/\S+$/.test(id)).map((id) => ({ id }));
    return { success: true, models, current_model: null };
  }

  async listAgents(cwd = process.cwd()): Promise<AgentListResult> {
    const { stdout, failure } = await this.capture(["agent", "list"], cwd);
    if (failure !== null) return { success: false, agents: [], error_message: failure };
    return { success: true, agents: parseOpenCodeAgentList(stdout) };
  }
}
