import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import {
  AGENT_BACKEND_LABELS,
  type AgentInfo,
  type AgentListResult,
  type ExportResult,
  type ModelListResult,
  type SessionInfo,
  type SessionListResult,
} from "@parley/protocol";
import type { AgentCli, AgentCliConfig, RunAgentOptions } from "../agent-cli.ts";
import type { AgentRun } from "../agent-run.ts";
import { CliAdapter, messageOf } from "../cli-adapter.ts";
import { asRecord, asRecords, asString, parseJsonLine } from "../json-line.ts";
import { ClaudeStreamParser } from "./claude-stream-parser.ts";
import { claudeSessionInfo, parseClaudeTranscript } from "./claude-transcript.ts";

/** Claude Code's built-in subagents (its `system/init` lists them); custom ones live in `agents/*.md`. */
const BUILT_IN_AGENTS = ["general-purpose", "Explore", "Plan"];

/**
 * Claude Code through `claude -p --output-format stream-json --verbose` (prompt on stdin, `--resume=<id>` to
 * continue); history and sessions from its transcripts in `~/.claude/projects/<project>/`.
 */
export class ClaudeCodeCli extends CliAdapter implements AgentCli {
  constructor(config: AgentCliConfig) {
    super(
      {
        name: "claude-code",
        label: AGENT_BACKEND_LABELS["claude-code"],
        defaultCommand: "claude",
        minimumVersion: "2.1.0",
        installHint: "npm install -g @anthropic-ai/claude-code",
      },
      config,
    );
  }

  runAgent(options: RunAgentOptions): AgentRun {
    const args = ["-p", "--output-format", "stream-json", "--verbose"];
    // `--flag=value` keeps a value from ever standing alone on the command line.
    if (options.sessionId) args.push(`--resume=${options.sessionId}`);
    if (options.model) args.push(`--model=${options.model}`);
    if (options.agent) args.push(`--agent=${options.agent}`);
    return this.run(options, args, new ClaudeStreamParser(this.now), options.message);
  }

  async exportSession(sessionId: string, cwd = process.cwd()): Promise<ExportResult> {
    const file = join(this.projectFolder(cwd), `${basename(sessionId)}.jsonl`);
    try {
      const messages = parseClaudeTranscript(await readFile(file, "utf8"));
      return { success: true, session_id: sessionId, messages };
    } catch (error) {
      const message = `Claude Code has no session ${sessionId} for ${cwd}: ${messageOf(error)}`;
      return { success: false, session_id: sessionId, messages: [], error_message: message };
    }
  }

  async listSessions(cwd = process.cwd()): Promise<SessionListResult> {
    const folder = this.projectFolder(cwd);
    let names: string[];
    try {
      names = (await readdir(folder)).filter((name) => name.endsWith(".jsonl"));
    } catch {
      return { success: true, sessions: [] };
    }
    try {
      const sessions: SessionInfo[] = [];
      for (const name of names) {
        const file = join(folder, name);
        const modified = (await stat(file)).mtime.toISOString();
        sessions.push(
          claudeSessionInfo(name.slice(0, -".jsonl".length), await readFile(file, "utf8"), modified),
        );
      }
      sessions.sort((a, b) => b.updated.localeCompare(a.updated));
      return { success: true, sessions };
    } catch (error) {
      return { success: false, sessions: [], error_message: messageOf(error) };
    }
  }

  /**
   * The models Claude Code offers, from its answer to the `initialize` control request (what the Agent SDK's
   * `supportedModels()` reads): it answers and exits when its input ends, before any message is sent.
   */
  async listModels(cwd: string): Promise<ModelListResult> {
    const request = { type: "control_request", request_id: "models", request: { subtype: "initialize" } };
    const args = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
    const { stdout, failure } = await this.capture(args, cwd, `${JSON.stringify(request)}\n`);
    if (failure !== null) return { success: false, models: [], current_model: null, error_message: failure };
    const answer = stdout
      .split("\n")
      .map((line) => asRecord(parseJsonLine(line)?.response))
      .find((response) => response?.request_id === "models");
    const offered = asRecords(asRecord(answer?.response)?.models);
    if (answer === undefined || offered.length === 0) {
      const error = asString(answer?.error) ?? "its answer to initialize named no models";
      return { success: false, models: [], current_model: null, error_message: `Claude Code: ${error}` };
    }
    const models = offered.flatMap((model) => {
      const id = asString(model.value);
      const name = asString(model.displayName);
      const description = asString(model.description);
      return id === undefined ? [] : [{ id, ...(name && { name }), ...(description && { description }) }];
    });
    const current = asString(offered.find((model) => model.value === "default")?.resolvedModel) ?? null;
    return { success: true, models, current_model: current };
  }

  async listAgents(cwd = process.cwd()): Promise<AgentListResult> {
    const agents: AgentInfo[] = BUILT_IN_AGENTS.map((name) => ({
      name,
      agent_type: "built-in",
      details: [],
    }));
    for (const [folder, type] of [
      [join(cwd, ".claude", "agents"), "project"],
      [join(this.configFolder(), "agents"), "user"],
    ] as const) {
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names.filter((candidate) => candidate.endsWith(".md")).sort()) {
        const text = await readFile(join(folder, name), "utf8").catch(() => "");
        const description = /^description:\s*(.+)$/m.exec(text)?.[1]?.trim();
        const agentName = /^name:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? name.slice(0, -3);
        agents.push({ name: agentName, agent_type: type, details: description ? [description] : [] });
      }
    }
    return { success: true, agents };
  }

  private configFolder(): string {
    return this.env.CLAUDE_CONFIG_DIR ?? join(this.env.HOME ?? "", ".claude");
  }

  /** Claude Code keeps a project's transcripts under its path with every non-alphanumeric turned into `-`. */
  private projectFolder(cwd: string): string {
    return join(this.configFolder(), "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"));
  }
}
