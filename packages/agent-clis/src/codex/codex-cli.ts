import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  AGENT_BACKEND_LABELS,
  type AgentListResult,
  type ExportResult,
  type ModelListResult,
  type SessionInfo,
  type SessionListResult,
} from "@parley/protocol";
import type { AgentCli, AgentCliConfig, RunAgentOptions } from "../agent-cli.ts";
import { AgentRun } from "../agent-run.ts";
import { CliAdapter, messageOf } from "../cli-adapter.ts";
import { codexAppServerModels } from "./codex-app-server-models.ts";
import { CodexExecParser } from "./codex-exec-parser.ts";
import { codexSessionInfo, parseCodexRollout, rolloutModel } from "./codex-rollout.ts";

/**
 * Codex through `codex exec --json` (prompt on stdin via `-`, `exec resume <id>` to continue); history,
 * sessions and the model a run answered with from its rollout files, the one non-interactive record Codex
 * keeps of every session.
 */
export class CodexCli extends CliAdapter implements AgentCli {
  constructor(config: AgentCliConfig) {
    super(
      {
        name: "codex",
        label: AGENT_BACKEND_LABELS.codex,
        defaultCommand: "codex",
        minimumVersion: "0.169.0",
        installHint: "npm install -g @openai/codex",
      },
      config,
    );
  }

  runAgent(options: RunAgentOptions): AgentRun {
    const args = ["exec"];
    // The session id is a positional argument; `run` refuses one that would read as an option.
    if (options.sessionId) args.push("resume", options.sessionId);
    args.push("--json", "--skip-git-repo-check");
    if (options.model) args.push(`--model=${options.model}`);
    // Codex has no named agents; profiles are the closest thing a user selects.
    if (options.agent && options.agent !== "default") args.push(`--profile=${options.agent}`);
    // `-` reads the prompt from stdin; it must come last, after any extra arguments.
    const run = this.run(options, args, new CodexExecParser(this.now), options.message, ["-"]);
    return new AgentRun(async (emit) => {
      for await (const part of run) emit(part);
      const { success, session_id, error_message } = await run.result;
      // The model Codex answered with is in the session's rollout file, written as the turn ran.
      const model = session_id === null ? null : await this.rolloutModel(session_id);
      return { success, session_id, error_message, ...(model !== null && { model }) };
    });
  }

  async exportSession(sessionId: string): Promise<ExportResult> {
    try {
      const file = await this.rolloutFile(sessionId);
      if (!file) throw new Error(`no rollout file in ${this.sessionsFolder()}`);
      return {
        success: true,
        session_id: sessionId,
        messages: parseCodexRollout(await readFile(file, "utf8")),
      };
    } catch (error) {
      const message = `Codex has no session ${sessionId}: ${messageOf(error)}`;
      return { success: false, session_id: sessionId, messages: [], error_message: message };
    }
  }

  async listSessions(cwd?: string): Promise<SessionListResult> {
    try {
      const sessions: SessionInfo[] = [];
      for (const file of await this.rolloutFiles()) {
        const modified = (await stat(file)).mtime.toISOString();
        const { info, cwd: sessionCwd } = codexSessionInfo(await readFile(file, "utf8"), modified);
        if (cwd === undefined || sessionCwd === cwd) sessions.push(info);
      }
      sessions.sort((a, b) => b.updated.localeCompare(a.updated));
      return { success: true, sessions };
    } catch (error) {
      return { success: false, sessions: [], error_message: `Codex sessions: ${messageOf(error)}` };
    }
  }

  /**
   * The models Codex's own picker offers (`codex app-server`'s `model/list`), after the one its `config.toml`
   * names (`model = "…"`), which is its default; that one alone when the app server cannot answer.
   */
  async listModels(cwd: string): Promise<ModelListResult> {
    const file = join(this.env.CODEX_HOME ?? join(this.env.HOME ?? "", ".codex"), "config.toml");
    const config = await readFile(file, "utf8").catch(() => "");
    // Top-level keys come before the first [table].
    const topLevel = config.split(/^\s*\[/m)[0] ?? "";
    const configured = /^\s*model\s*=\s*"([^"]+)"/m.exec(topLevel)?.[1] ?? null;
    const listed = await codexAppServerModels({ command: this.command, env: this.env, cwd });
    if ("failure" in listed) {
      if (configured !== null)
        return { success: true, models: [{ id: configured }], current_model: configured };
      return { success: false, models: [], current_model: null, error_message: listed.failure };
    }
    const models = [
      ...(configured === null ? [] : [{ id: configured }]),
      ...listed.models.filter((model) => model.id !== configured),
    ];
    return { success: true, models, current_model: configured ?? listed.defaultModel };
  }

  async listAgents(): Promise<AgentListResult> {
    return {
      success: true,
      agents: [{ name: "default", agent_type: "primary", details: ["Codex has no named agents"] }],
    };
  }

  /** The model of the session's last turn, from its rollout file (null when there is none to read). */
  private async rolloutModel(sessionId: string): Promise<string | null> {
    const file = await this.rolloutFile(sessionId);
    return file === undefined ? null : rolloutModel(await readFile(file, "utf8").catch(() => ""));
  }

  private async rolloutFile(sessionId: string): Promise<string | undefined> {
    return (await this.rolloutFiles()).find((path) => path.endsWith(`-${sessionId}.jsonl`));
  }

  private sessionsFolder(): string {
    return join(this.env.CODEX_HOME ?? join(this.env.HOME ?? "", ".codex"), "sessions");
  }

  private async rolloutFiles(): Promise<string[]> {
    const folder = this.sessionsFolder();
    const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
    return entries
      .filter((entry) => /(^|\/)rollout-[^/]+\.jsonl$/.test(entry))
      .map((entry) => join(folder, entry));
  }
}
