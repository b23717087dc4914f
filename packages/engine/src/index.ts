/**
 * @parley/engine — the agent loop and the model providers. `runAgentTurn` runs one turn against
 * Anthropic, OpenAI, an OpenAI-compatible endpoint or the offline demo model and emits Claude Agent
 * SDK messages, exactly as the Claude Code CLI does.
 */

// ── the agent loop ────────────────────────────────────────────────────────────

export type { AgentSessionOptions, AgentTurnOverrides } from "./agent-session.ts";
export { AgentSession } from "./agent-session.ts";
export type { EngineClock, IdGenerator, Watchdog } from "./loop/engine-clock.ts";
export { randomIds, systemClock } from "./loop/engine-clock.ts";
export type {
  EngineMessage,
  SDKModelFallbackMessage,
  ToolProgressLineMessage,
} from "./loop/engine-message.ts";
export { SDKModelFallbackMessageSchema, ToolProgressLineMessageSchema } from "./loop/engine-message.ts";
export { foldTurnIntoHistory } from "./loop/fold-turn-into-history.ts";
export type { EffortLevel, ReasoningSettings } from "./loop/reasoning.ts";
export { EFFORT_LEVELS, reasoningNotTaken, reasoningProviderOptions } from "./loop/reasoning.ts";
export type { RetryPolicy } from "./loop/retry-policy.ts";
export { DEFAULT_RETRY_POLICY, retryDelayMs } from "./loop/retry-policy.ts";
export type { AgentTurnOptions } from "./loop/run-agent-turn.ts";
export { DEFAULT_STALL_TIMEOUT_MS, runAgentTurn } from "./loop/run-agent-turn.ts";
export { toProviderPrompt } from "./loop/to-provider-prompt.ts";
export type { PreToolUseDecision, ToolHookCall, ToolHooks } from "./loop/tool-hooks.ts";
export { INTERRUPTED_TOOL_RESULT } from "./loop/turn-messages.ts";
export { PARLEY_VERSION } from "./version.ts";

// ── tools ─────────────────────────────────────────────────────────────────────

export type {
  CanUseToolCallback,
  EngineTool,
  ToolContext,
  ToolOutput,
  ToolPermissionRequest,
} from "./tools/engine-tool.ts";
export { defineTool } from "./tools/engine-tool.ts";
export { type FileChangeHook, watchFileWrites } from "./tools/watch-file-writes.ts";

// ── built-in tools ────────────────────────────────────────────────────────────

export type { BashToolOptions } from "./tools/builtin/bash-tool.ts";
export { bashTool, createBashTool } from "./tools/builtin/bash-tool.ts";
export type { BuiltinToolsOptions } from "./tools/builtin/builtin-tools.ts";
export { builtinTools } from "./tools/builtin/builtin-tools.ts";
export type { EditInput } from "./tools/builtin/edit-tool.ts";
export { applyEdit, EDIT_MAX_BYTES, editOutput, editTool } from "./tools/builtin/edit-tool.ts";
export { GLOB_MAX_RESULTS, GLOB_MAX_VISITED, globTool } from "./tools/builtin/glob-tool.ts";
export { GREP_MAX_FILE_BYTES, GREP_MAX_VISITED, grepTool } from "./tools/builtin/grep-tool.ts";
export { LS_MAX_ENTRIES, lsTool } from "./tools/builtin/ls-tool.ts";
export {
  READ_DEFAULT_LIMIT,
  READ_MAX_LINE_CHARS,
  READ_MAX_OUTPUT_CHARS,
  readTool,
} from "./tools/builtin/read-tool.ts";
export type { SubagentDefinition, TaskToolOptions } from "./tools/builtin/task-tool.ts";
export {
  createTaskTool,
  GENERAL_PURPOSE_AGENT,
  RunningTasks,
  TASK_TOOL_NAME,
} from "./tools/builtin/task-tool.ts";
export { WRITE_MAX_CHARS, writeTool } from "./tools/builtin/write-tool.ts";
export type { SubagentOptions, ToolAccess, ToolTurn } from "./tools/engine-tool.ts";
export type { TimerSource } from "./tools/shell/run-shell-command.ts";

// ── the project's instruction files (AGENTS.md, CLAUDE.md) ─────────────────────

export type {
  InstructionFile,
  InstructionSource,
  ProjectInstructions,
} from "./project-instructions/index.ts";
export {
  INSTRUCTION_FILES,
  instructionsPrompt,
  MAX_FOLDER_INSTRUCTIONS_BYTES,
  MAX_INSTRUCTIONS_BYTES,
  MAX_NESTED_INSTRUCTIONS_BYTES,
  readProjectInstructions,
  USER_INSTRUCTIONS_FILE,
} from "./project-instructions/index.ts";

// ── custom slash commands (Markdown prompts: .claude/commands, .opencode/command, ~/.codex/prompts) ──

export type {
  CustomCommand,
  CustomCommandCatalog,
  ReadCustomCommandsOptions,
  TypedCommand,
} from "./custom-commands/index.ts";
export {
  customCommandView,
  expandCustomCommand,
  expandTypedCommand,
  MAX_COMMAND_FILE_BYTES,
  MAX_COMMAND_FILES,
  readCustomCommands,
  splitCommandArguments,
  typedCommand,
  withSkillCommands,
} from "./custom-commands/index.ts";

// ── skills (folders of instructions the model loads when a task matches) ────────

export {
  createSkillTool,
  MAX_SKILLS,
  modelSkills,
  readSkills,
  type Skill,
  type SkillCatalog,
} from "./skills/index.ts";

// ── file checkpoints (rewinding what Write and Edit changed) ────────────────────

export { countChangedLines } from "./file-checkpoints/changed-lines.ts";
export {
  CHECKPOINT_MAX_FILE_BYTES,
  type CheckpointRoots,
  type CheckpointSnapshot,
  type CurrentFile,
  type KeptSnapshot,
  readCheckpointSnapshot,
  readCurrentFile,
  restoreFile,
  sameSnapshot,
} from "./file-checkpoints/checkpoint-file.ts";
export {
  type CheckpointedFile,
  type FileCheckpoint,
  FileCheckpoints,
  type RewindOutcome,
} from "./file-checkpoints/file-checkpoints.ts";
export { type SavedCheckpoints, savedCheckpointsFor } from "./file-checkpoints/saved-checkpoints.ts";

// ── permissions and path confinement ──────────────────────────────────────────

export type { ConfinedPath, PathIntent } from "./permissions/confine-path.ts";
export { confinePath, isInside } from "./permissions/confine-path.ts";
export { compileGlob, matchesGlob } from "./permissions/glob-pattern.ts";
export type { ConfinementRule } from "./permissions/path-confinement-error.ts";
export { CONFINEMENT_RULES, PathConfinementError } from "./permissions/path-confinement-error.ts";
export type {
  ApprovalAnswerOutcome,
  PendingApproval,
  PendingApprovalsOptions,
} from "./permissions/pending-approvals.ts";
export { PendingApprovals } from "./permissions/pending-approvals.ts";
export type {
  PermissionCheck,
  PermissionDecision,
  PermissionPolicyOptions,
} from "./permissions/permission-policy.ts";
export { describeRule, PermissionPolicy } from "./permissions/permission-policy.ts";
export type { PermissionRule, RuleSubject } from "./permissions/permission-rule.ts";
export {
  commandPrefixWords,
  coversMcpServer,
  FILE_READ_TOOLS,
  PermissionRuleSchema,
  ruleMatches,
} from "./permissions/permission-rule.ts";
export type { PermissionChanges } from "./permissions/permission-updates.ts";
export { permissionChangesFrom, permissionUpdateForRule } from "./permissions/permission-updates.ts";
export type {
  AskForPermission,
  PermissionPrompt,
  PolicyCanUseToolOptions,
} from "./permissions/policy-can-use-tool.ts";
export { policyCanUseTool } from "./permissions/policy-can-use-tool.ts";
export { protectedPathReason } from "./permissions/protected-paths.ts";
export { riskyFlagIn } from "./permissions/risky-shell-flags.ts";
export type { RuleFile } from "./permissions/rule-path.ts";
export { filePatternMatches } from "./permissions/rule-path.ts";
export type {
  ShellCommandAnalysis,
  ShellRedirect,
  SimpleShellCommand,
} from "./permissions/shell-command.ts";
export {
  analyzeShellCommand,
  isDescriptorRedirect,
  isOutputRedirect,
  isPlainCommand,
} from "./permissions/shell-command.ts";
export { suggestAllowRule } from "./permissions/suggest-rule.ts";
export {
  type FileIdentity,
  openConfinedForRead,
  removeConfinedFile,
  writeConfinedFile,
} from "./tools/fs/confined-file.ts";

// ── child processes: the environment every one starts from ───────────────────

export type { ChildEnvironment, ChildEnvironmentOptions } from "./children/child-environment.ts";
export { childEnvironment, withWorkingDirectory } from "./children/child-environment.ts";
export type { ChildProcessKind } from "./children/child-environment-settings.ts";
export { childEnvironmentFor } from "./children/child-environment-settings.ts";

// ── model configuration and settings ──────────────────────────────────────────

export type { ModelDescription } from "./config/describe-model.ts";
export { describeModel } from "./config/describe-model.ts";
export type { CredentialSource, ModelConfig, ModelSource, ProviderKind } from "./config/model-config.ts";
export { modelRef } from "./config/model-config.ts";
export { ModelConfigError } from "./config/model-config-error.ts";
export type { ParleySecrets } from "./config/parley-secrets.ts";
export {
  isParleySecret,
  isParleySecretVariable,
  PARLEY_SECRET_VARIABLES,
  parleySecrets,
  withoutParleySecrets,
} from "./config/parley-secrets.ts";
export type { ParsedModelRef } from "./config/parse-model-ref.ts";
export { parseModelRef } from "./config/parse-model-ref.ts";
export type { EnvironmentVariables, ResolveModelConfigOptions } from "./config/resolve-model-config.ts";
export {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  modelConfigFromRef,
  resolveFallbackModelConfig,
  resolveModelConfig,
  WELL_KNOWN_LOCAL_ENDPOINTS,
} from "./config/resolve-model-config.ts";
export {
  loadSettings,
  loadSettingsSync,
  parleyHome,
  SettingsError,
  saveSettings,
  settingsPath,
} from "./config/settings-store.ts";

// ── providers ─────────────────────────────────────────────────────────────────

export type { CreateLanguageModelOptions } from "./providers/create-language-model.ts";
export { createLanguageModel } from "./providers/create-language-model.ts";
export type { DemoModelOptions } from "./providers/demo/demo-language-model.ts";
export { DemoLanguageModel } from "./providers/demo/demo-language-model.ts";
export type { DemoReplyStep, DemoRequest, DemoScript } from "./providers/demo/demo-replies.ts";
export { defaultDemoScripts } from "./providers/demo/demo-replies.ts";
export type { ModelCallFailure } from "./providers/model-call-failure.ts";
export { classifyModelError, ModelStallError, parseRetryAfter } from "./providers/model-call-failure.ts";
export type { ModelInfo, ModelPrice, TokenCounts } from "./providers/model-catalog.ts";
export { costUsd, lookupModelInfo } from "./providers/model-catalog.ts";

// ── interaction: questions, plans, headlines, resuming ────────────────────────

export { pendingToolUses } from "./loop/pending-tool-uses.ts";
export { PLAN_MODE_INSTRUCTIONS, PLAN_MODE_SUBAGENT_NOTE, systemPromptForMode } from "./loop/plan-mode.ts";
export { noApproverMessage } from "./loop/run-tool-call.ts";
export { askUserEventQuestions } from "./tools/builtin/ask-user-event-questions.ts";
export type {
  AskUserToolInput,
  AskUserToolOption,
  AskUserToolQuestion,
} from "./tools/builtin/ask-user-input.ts";
export {
  AskUserToolInputSchema,
  AskUserToolOptionSchema,
  AskUserToolQuestionSchema,
} from "./tools/builtin/ask-user-input.ts";
export type { AskUserRequest, AskUserToolOptions } from "./tools/builtin/ask-user-tool.ts";
export { ASK_USER_TOOL_NAME, createAskUserTool } from "./tools/builtin/ask-user-tool.ts";
export type {
  PlanStepUpdate,
  PlanUpdate,
  UpdatePlanInput,
  UpdatePlanToolOptions,
} from "./tools/builtin/update-plan-tool.ts";
export {
  createUpdatePlanTool,
  PlanStepUpdateSchema,
  UPDATE_PLAN_TOOL_NAME,
  UpdatePlanInputSchema,
} from "./tools/builtin/update-plan-tool.ts";
export { describeToolActivity } from "./tools/describe-tool-activity.ts";

// ── project structure (seed 001 ProjectStructure) ────────────────────────────

export type { FileListOrder } from "./project-structure/build-file-list.ts";
export type { ProjectStructureOptions } from "./project-structure/generate-project-structure.ts";
export {
  generateProjectStructure,
  generateProjectStructureJson,
  PROJECT_STRUCTURE_LIMITS,
} from "./project-structure/generate-project-structure.ts";
export {
  PROJECT_STRUCTURE_TOKEN_BUDGET,
  projectStructureModelText,
} from "./project-structure/project-structure-model-text.ts";
export type { ProjectStructureToolOptions } from "./project-structure/project-structure-tool.ts";
export {
  createProjectStructureTool,
  PROJECT_STRUCTURE_TOOL_MAX_ENTRIES,
  PROJECT_STRUCTURE_TOOL_NAME,
  ProjectStructureInputSchema,
  projectStructureTool,
} from "./project-structure/project-structure-tool.ts";

// ── permission rules as text ──────────────────────────────────────────────────

export { parseRuleList, parseRuleText } from "./permissions/rule-text.ts";

// ── compaction ────────────────────────────────────────────────────────────────

export { compactBoundaryFor } from "./compaction/compact-boundary.ts";
export type { CompactConversationOptions, CompactionResult } from "./compaction/compact-conversation.ts";
export {
  COMPACTION_SUMMARY_PREFIX,
  COMPACTION_SYSTEM_PROMPT,
  compactConversation,
  compactionSummaryMessage,
} from "./compaction/compact-conversation.ts";
export { CompactionError } from "./compaction/compaction-error.ts";
export { conversationTranscript, TRANSCRIPT_MAX_BLOCK_CHARS } from "./compaction/conversation-transcript.ts";
export {
  CHARS_PER_TOKEN,
  ESTIMATED_MEDIA_TOKENS,
  estimateTextTokens,
  estimateTokens,
} from "./compaction/estimate-tokens.ts";
export type { ShouldCompactOptions } from "./compaction/should-compact.ts";
export { contextWindowFor, shouldCompact } from "./compaction/should-compact.ts";
export type { CompactionSplit } from "./compaction/split-for-compaction.ts";
export { splitForCompaction } from "./compaction/split-for-compaction.ts";
export type { McpCallFailure } from "./mcp/mcp-call-failure.ts";
export type {
  McpConnectionOptions,
  McpProcessOptions,
  McpPromptDescription,
  McpResourceContents,
  McpResourceDescription,
  McpServerInfo,
  McpServerState,
} from "./mcp/mcp-connection.ts";
export { McpConnection } from "./mcp/mcp-connection.ts";
export type {
  McpCallContext,
  McpCallResult,
  McpContentItem,
  McpEngineTool,
  McpProgress,
  McpToolDescription,
  McpToolOrigin,
} from "./mcp/mcp-engine-tool.ts";
export { isMcpEngineTool, mcpEngineTool, mcpResultForModel, mcpToolName } from "./mcp/mcp-engine-tool.ts";
export type { McpResourceRead } from "./mcp/mcp-resource-tools.ts";
export { LIST_MCP_RESOURCES, mcpResourceTools, READ_MCP_RESOURCE } from "./mcp/mcp-resource-tools.ts";
export type { McpServerConfig, ParsedMcpServerConfig } from "./mcp/mcp-server-config.ts";
export {
  MCP_TRANSPORTS,
  McpConfigFileSchema,
  McpServerConfigSchema,
  parseMcpServerConfig,
} from "./mcp/mcp-server-config.ts";
export type { McpConnectOptions, McpServerStatusView, McpTimeouts } from "./mcp/mcp-servers.ts";
export { McpServers, mcpConnectionTools } from "./mcp/mcp-servers.ts";
export type { VariableReference } from "./mcp/mcp-variables.ts";
export { concealValues, expandVariables, variableReferences, variablesIn } from "./mcp/mcp-variables.ts";
export type { WorkflowScope } from "./workflows/interpolate-workflow.ts";
export {
  interpolateShellCommand,
  interpolateWorkflowText,
  interpolateWorkflowValue,
  workflowRetryDelayMs,
} from "./workflows/interpolate-workflow.ts";
export { resolveWorkflowInputs } from "./workflows/resolve-workflow-inputs.ts";
