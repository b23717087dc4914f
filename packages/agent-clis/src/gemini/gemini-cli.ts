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
import type { AgentRun } from "../agent-run.ts";
import { CliAdapter, messageOf } from "../cli-adapter.ts";
import { asRecord, asString } from "../json-line.ts";
import { geminiSessionInfo, parseGeminiChat } from "./gemini-chat-file.ts";
import { GeminiStreamParser } from "./gemini-stream-parser.ts";

/**
 * Gemini CLI through `gemini --output-format stream-json` (prompt on stdin, `--resume=<id>` to continue), or
 * with `protocol: "acp"` through the Agent Client Protocol (`gemini --acp`: its permission requests reach the
 * person, `session/load` continues a session); history and sessions from its chat files, found through
 * `~/.gemini/projects.json`.
 */
export class GeminiCli extends CliAdapter implements AgentCli {
  constructor(config: AgentCliConfig) {
    super(
      {
        name: "gemini",
        label: AGENT_BACKEND_LABELS.gemini,
        defaultCommand: "gemini",
        minimumVersion: "0.61.0",
        installHint: "npm install -g @google/gemini-cli",
      },
      config,
    );
  }

  runAgent(options: RunAgentOptions): AgentRun {
    if (this.protocol === "acp") {
      // Over ACP its permission requests reach the person; `--acp` replaced `--experimental-acp` in 0.x. Not
      // the default: Gemini CLI 0.61 often fails to find a session it recorded over ACP when one is loaded.
      const args = ["--acp"];
      if (options.model) args.push(`--model=${options.model}`);
      return this.runAcp(options, args);
    }
    // The message goes on stdin (a piped stdin makes Gemini CLI headless): it is never read as an option, and
    // a long one never meets the limit on one argument's length.
    const args = ["--output-format", "stream-json", "--skip-trust"];
    if (options.sessionId) args.push(`--resume=${options.sessionId}`);
    if (options.model) args.push(`--model=${options.model}`);
    return this.run(options, args, new GeminiStreamParser(this.now), options.message);
  }

  async exportSession(sessionId: string, cwd = process.cwd()): Promise<ExportResult> {
    try {
      for (const file of await this.chatFiles(cwd)) {
        const chat = parseGeminiChat(await readFile(file, "utf8"));
        if (chat.sessionId === sessionId)
          return { success: true, session_id: sessionId, messages: chat.messages };
      }
      throw new Error("no chat file has it");
    } catch (error) {
      const message = `Gemini CLI has no session ${sessionId} for ${cwd}: ${messageOf(error)}`;
      return { success: false, session_id: sessionId, messages: [], error_message: message };
    }
  }

  async listSessions(cwd = process.cwd()): Promise<SessionListResult> {
    try {
      const sessions: SessionInfo[] = [];
      for (const file of await this.chatFiles(cwd)) {
        const modified = (await stat(file)).mtime.toISOString();
        const info = geminiSessionInfo(await readFile(file, "utf8"), modified);
        if (info) sessions.push(info);
      }
      sessions.sort((a, b) => b.updated.localeCompare(a.updated));
      // A session resumed in a later minute continues in a new file; its newest file stands for it.
      const seen = new Set<string>();
      const newest = sessions.filter(
        (session) => !seen.has(session.session_id) && seen.add(session.session_id),
      );
      return { success: true, sessions: newest };
    } catch (error) {
      return { success: false, sessions: [], error_message: `Gemini CLI sessions: ${messageOf(error)}` };
    }
  }

  /** The models `gemini --acp` names when a session starts (whatever protocol its runs use). */
  listModels(cwd: string): Promise<ModelListResult> {
    return this.listModelsOverAcp(["--acp"], cwd);
  }

  async listAgents(): Promise<AgentListResult> {
    return {
      success: true,
      agents: [{ name: "default", agent_type: "primary", details: ["Gemini CLI has no named agents"] }],
    };
  }

  private geminiFolder(): string {
    return join(this.env.GEMINI_CLI_HOME ?? this.env.HOME ?? "", ".gemini");
  }

  /**
   * The chat files of `cwd`'s project, newest first; Gemini names each project's folder in `projects.json`.
   * A resumed session may continue in a new file that repeats its history, so the newest one is complete.
   */
  private async chatFiles(cwd: string): Promise<string[]> {
    const registry = await readFile(join(this.geminiFolder(), "projects.json"), "utf8").catch(() => "{}");
    const projects = asRecord(asRecord(JSON.parse(registry))?.projects);
    const folder = asString(projects?.[cwd]);
    if (folder === undefined) return [];
    const chats = join(this.geminiFolder(), "tmp", folder, "chats");
    const names = await readdir(chats).catch(() => [] as string[]);
    const files = names.filter((name) => name.endsWith(".jsonl")).map((name) => join(chats, name));
    const modified = new Map<string, number>();
    for (const file of files) modified.set(file, (await stat(file)).mtimeMs);
    return files.sort((a, b) => (modified.get(b) ?? 0) - (modified.get(a) ?? 0));
  }
}
