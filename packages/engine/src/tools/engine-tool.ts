import type { PermissionResult, ToolResultBlockParam, Uuid } from "@parley/protocol";
import type { z } from "zod";
import type { EngineMessage } from "../loop/engine-message.ts";
import type { RuleFile } from "../permissions/rule-path.ts";

/** What a running tool gets besides its input. */
export interface ToolContext {
  /** Aborts when the turn is interrupted; a tool should stop promptly. */
  signal: AbortSignal;
  /** The session's working directory: the project root the built-in file tools are confined to. */
  cwd: string;
  /** Canonical directories outside the project that the file tools (Read, Write, Edit, LS, Glob, Grep) may also use (`--add-dir`). */
  additionalDirectories?: readonly string[];
  /**
   * Whether a search or listing leaves a file or folder out: a deny or ask `Read` rule names it (see
   * `searchExclusion`). Absent when no such rule exists.
   */
  excludedFromSearch?: (file: RuleFile) => boolean;
  toolUseId: string;
  /** Reports one line of output while the tool runs (emitted as a `tool_progress` message). */
  onProgress(line: string, stream?: "stdout" | "stderr"): void;
  /**
   * Adds a message to the turn's stream, in order with progress (a subagent's messages, task events).
   * A `result` is dropped: only the loop ends a turn.
   */
  emit(message: EngineMessage): void;
  /** The turn this call runs in, and a way to start a subagent from it. */
  turn: ToolTurn;
}

/** The turn a tool call runs in, as the `Task` tool needs it. */
export interface ToolTurn {
  sessionId: string;
  /** 0 for a top-level turn; a subagent's turn is one deeper than the turn that started it. */
  depth: number;
  /** The tools the turn offers the model. */
  tools: readonly EngineTool[];
  /** A fresh message uuid from the turn's id generator. */
  newUuid(): Uuid;
  /** In a subagent's turn: the `Task` call that started it (hosts route questions and plans by it). */
  parentToolUseId?: string;
  /** In a subagent's turn: its `task_id`, which tasks it starts name as `parent_task_id`. */
  taskId?: string;
  /**
   * Runs a child turn with the same model, approval callback and cancellation as this one, and yields its
   * messages with `parent_tool_use_id` set to this call's id (its `result` last).
   */
  runSubagent(options: SubagentOptions): AsyncGenerator<EngineMessage, void, undefined>;
}

/** What a subagent's turn is given. */
export interface SubagentOptions {
  prompt: string;
  systemPrompt?: string;
  tools: readonly EngineTool[];
  maxTurns?: number;
  /** The `task_id` announced for this subagent; its turn's tools see it as `ToolTurn.taskId`. */
  taskId?: string;
  /** Stops the subagent alone (the parent turn goes on); the parent's interrupt stops it too. */
  signal?: AbortSignal;
}

/**
 * What a tool call touches, for permission rules and modes: a project path it reads or writes, a shell
 * command it runs, or something else.
 */
export type ToolAccess =
  | { kind: "read"; path: string }
  | { kind: "write"; path: string }
  | { kind: "execute"; command: string }
  | { kind: "other"; readOnly?: boolean };

/**
 * What a tool returns: text for the model, or the content with an error flag and `data` (sent to SDK
 * consumers as the user message's `tool_use_result`, not to the model).
 */
export type ToolOutput =
  | string
  | { content: NonNullable<ToolResultBlockParam["content"]>; isError?: boolean; data?: unknown };

/**
 * A tool the model can call. The loop validates the input with `inputSchema` (the model sees the
 * issues when it does not match), asks `canUseTool` when `requiresApproval`, then runs `execute`.
 */
export interface EngineTool<Input = unknown> {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  /**
   * The input's JSON Schema as the model should see it, when the tool brings its own (an MCP server's
   * tool); otherwise it is generated from `inputSchema`.
   */
  jsonSchema?: Record<string, unknown>;
  requiresApproval: boolean;
  /** What a call touches (given the validated input), passed to `canUseTool` for permission policies. */
  access?(input: Input): ToolAccess;
  execute(input: Input, context: ToolContext): Promise<ToolOutput>;
}

/** Declares a tool with its input type inferred from the schema. */
export function defineTool<Schema extends z.ZodType>(tool: {
  name: string;
  description: string;
  inputSchema: Schema;
  requiresApproval: boolean;
  access?(input: z.output<Schema>): ToolAccess;
  execute(input: z.output<Schema>, context: ToolContext): Promise<ToolOutput>;
}): EngineTool<z.output<Schema>> {
  return tool as EngineTool<z.output<Schema>>;
}

/** A tool call awaiting the host's decision: the SDK's `canUseTool` arguments in one object. */
export interface ToolPermissionRequest {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  /** Aborts when the turn is interrupted while the host decides. */
  signal: AbortSignal;
  /** What the call touches, when the tool declares it. */
  access?: ToolAccess;
  /** Set when a subagent makes the call: the `Task` call that started it. */
  parentToolUseId?: string;
}

/**
 * Decides whether a tool call may run: the SDK's allow/deny shape (`updatedInput`, `interrupt`). Anything
 * but a well-formed answer for this call (`null`, a malformed value, another call's `toolUseID`) is a denial.
 */
export type CanUseToolCallback = (request: ToolPermissionRequest) => Promise<PermissionResult | null>;
