/**
 * @parley/agent-clis — the AgentCLI port of seed 003 and its adapters for Claude Code, OpenCode, Codex and
 * Gemini CLI. Each adapter runs its CLI as a subprocess and parses that CLI's machine-readable output; callers
 * only ever see the structured results from @parley/protocol.
 */
export { AcpProcessPool, DEFAULT_ACP_IDLE_MS } from "./acp/acp-process-pool.ts";
export type {
  AgentCli,
  AgentCliConfig,
  AgentInteraction,
  AgentPermissionAnswer,
  AgentPermissionRequest,
  AgentPlanEntry,
  RunAgentOptions,
} from "./agent-cli.ts";
export { COMMAND_TIMEOUT_MS, DEFAULT_RUN_TIMEOUT_MS } from "./agent-cli.ts";
export { AGENT_CLI_NAMES, createAgentCli, discoverAgentClis } from "./agent-clis.ts";
export type { RunOutcome } from "./agent-run.ts";
export { AgentRun, failedRun } from "./agent-run.ts";
export { ClaudeCodeCli } from "./claude-code/claude-code-cli.ts";
export { ClaudeStreamParser } from "./claude-code/claude-stream-parser.ts";
export { claudeMessageHistory, parseClaudeTranscript } from "./claude-code/claude-transcript.ts";
export type { CliEnd, CliExit, CliProcessOptions } from "./cli-process.ts";
export { startCliProcess } from "./cli-process.ts";
export { CodexCli } from "./codex/codex-cli.ts";
export { CodexExecParser } from "./codex/codex-exec-parser.ts";
export { parseCodexRollout } from "./codex/codex-rollout.ts";
export type { DiscoveryTarget } from "./discovery.ts";
export { compareVersions, discoverCli, findExecutable } from "./discovery.ts";
export { parseGeminiChat } from "./gemini/gemini-chat-file.ts";
export { GeminiCli } from "./gemini/gemini-cli.ts";
export { GeminiStreamParser } from "./gemini/gemini-stream-parser.ts";
export { OpenCodeCli } from "./opencode/opencode-cli.ts";
export {
  parseOpenCodeAgentList,
  parseOpenCodeExport,
  parseOpenCodeSessionList,
} from "./opencode/opencode-output.ts";
export { OpenCodeRunParser } from "./opencode/opencode-run-parser.ts";
export type { Clock, RunOutputParser } from "./run-output-parser.ts";
export { parseRecordedOutput } from "./run-output-parser.ts";
