import { builtinTools, type EngineTool, INTERRUPTED_TOOL_RESULT, type ToolOutput } from "@parley/engine";
import { type ErrorDetail, newUuid, type PermissionMode } from "@parley/protocol";
import type { MessagePublisher, MessageScope } from "../agents/context/message-publisher.ts";
import type { RunContext } from "../agents/context/run-context.ts";
import { approvalGate } from "../agents/run/approval-gate.ts";
import { outputText, ToolCallLog } from "../agents/tool-calls/tool-call-log.ts";

/** How a step ended: its output, or why it failed. */
export type StepOutcome = { ok: true; output: string } | { ok: false; error: ErrorDetail };

/** One tool call a workflow step makes. */
export interface ToolStepCall {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  /** Where its ToolRequest and ToolResult cards go (the workflow's session, the `workflow` agent). */
  scope: MessageScope;
  permissionMode: PermissionMode;
  signal: AbortSignal;
  /** Each line the tool prints while it runs (a shell step's live output). */
  onOutput: (line: string) => void;
  /** True while the server is stopping (a pending approval then stays for after the restart). */
  interrupting: () => boolean;
}

/** The longest a shell step may run when its `timeout` says so (a day); the agent's Bash stops at 10 min. */
const MAX_SHELL_TIMEOUT_MS = 86_400_000;

/**
 * The tools a workflow's tool and shell steps can call: the built-in file tools, a `Bash` whose timeout may be
 * as long as the step's (and whose commands get the same environment as the agent's), and the tools of the project's connected MCP servers (`mcp__server__tool`).
 * Subagents (`Task`) and the interactive tools need an agent turn.
 */
export function workflowTools(context: RunContext): ReadonlyMap<string, EngineTool> {
  const tools = [
    ...builtinTools({
      task: false,
      bash: { maxTimeoutMs: MAX_SHELL_TIMEOUT_MS, environment: () => context.children.env("shell") },
    }),
    ...(context.mcp?.tools() ?? []),
  ];
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/**
 * Runs one tool call for a workflow step exactly as an agent's call would run: its input is validated, the
 * same permission policy and stored rules decide (a person's approval is asked for on a ToolRequest card
 * when they say so), and the call shows as ToolRequest and ToolResult cards.
 */
export async function runToolStep(context: RunContext, call: ToolStepCall): Promise<StepOutcome> {
  const tools = workflowTools(context);
  const tool = tools.get(call.toolName);
  if (tool === undefined) {
    return fail(
      "unknown_tool",
      `no tool "${call.toolName}" (a workflow can call ${[...tools.keys()].join(", ")})`,
    );
  }
  const parsed = tool.inputSchema.safeParse(call.input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`);
    return fail("invalid_tool_input", `${call.toolName}: ${issues.join("; ")}`);
  }
  const log = new ToolCallLog(tools, quietPublisher(context.publisher), context.now);
  log.noteCall(call.scope, call.toolUseId, call.toolName, call.input);
  let input = call.input;
  if (tool.requiresApproval) {
    const gate = approvalGate({
      store: context.store,
      projectRoot: context.projectRoot,
      now: context.now,
      desk: context.approvals,
      log,
      permissionMode: () => call.permissionMode,
      scopeFor: () => call.scope,
      answered: new Map(),
      interrupting: call.interrupting,
      trustReadOnlyTools: () => context.mcp?.trustReadOnlyTools ?? false,
    });
    const access = tool.access?.(parsed.data);
    const decision = await gate({
      toolName: call.toolName,
      input: call.input,
      toolUseId: call.toolUseId,
      signal: call.signal,
      ...(access !== undefined && { access }),
    }).catch((error: unknown) => ({ behavior: "deny" as const, message: (error as Error).message }));
    if (decision === null || decision.behavior === "deny") {
      const message = decision?.message ?? "the call was not approved";
      context.store.transaction(() =>
        log.recordResult(call.toolUseId, {
          type: "tool_result",
          tool_use_id: call.toolUseId,
          content: message,
          is_error: true,
        }),
      );
      return fail(call.signal.aborted ? "interrupted" : "permission_denied", message);
    }
    if (decision.updatedInput !== undefined) input = decision.updatedInput;
  }
  context.store.transaction(() => log.markStarted(call.toolUseId, call.scope, call.toolName, input));
  let output: ToolOutput;
  try {
    output = await tool.execute(tool.inputSchema.parse(input), {
      signal: call.signal,
      cwd: context.projectRoot,
      toolUseId: call.toolUseId,
      onProgress: (line) => call.onOutput(line),
      emit: () => {},
      turn: {
        sessionId: call.scope.sessionId,
        depth: 0,
        tools: [...tools.values()],
        newUuid,
        runSubagent: () => {
          throw new Error("a workflow tool step cannot start a subagent");
        },
      },
    });
  } catch (error) {
    output = {
      content: call.signal.aborted ? INTERRUPTED_TOOL_RESULT : (error as Error).message,
      isError: true,
    };
  }
  const content = typeof output === "string" ? output : output.content;
  const isError = typeof output !== "string" && output.isError === true;
  context.store.transaction(() =>
    log.recordResult(
      call.toolUseId,
      { type: "tool_result", tool_use_id: call.toolUseId, content, ...(isError && { is_error: true }) },
      typeof output === "string" ? undefined : output.data,
    ),
  );
  const text = outputText(content);
  if (!isError) return { ok: true, output: text };
  return fail(call.signal.aborted ? "interrupted" : "tool_error", lastLines(text));
}

/**
 * The publisher a workflow's tool calls show through: its cards stand on their own in the chat (no agent
 * turn, which would look like a run that never ends), and a call nobody had to decide on shows only on the
 * workflow's card: its ToolRequest and ToolResult are left out. An approval to give, or a refusal, shows.
 */
function quietPublisher(publisher: MessagePublisher): MessagePublisher {
  const hidden = new Set<string>();
  const quiet: Pick<MessagePublisher, "newId" | "append" | "update" | "patchData"> = {
    newId: () => publisher.newId(),
    update: (id, rich, content) => publisher.update(id, rich, content),
    patchData: (id, change, content) => publisher.patchData(id, change, content),
    append: (scope, role, rich, content, id = publisher.newId(), clientMessageId) => {
      const data = (rich.data ?? {}) as { approval_status?: unknown; request_id?: unknown };
      const request = rich.kind === "ToolRequest" || rich.kind === "MCPToolRequest";
      const result = rich.kind === "ToolResult" || rich.kind === "MCPToolResult";
      if (request && data.approval_status === "AutoApproved") {
        hidden.add(id);
        return id;
      }
      if (result && typeof data.request_id === "string" && hidden.has(data.request_id)) return id;
      return publisher.append({ ...scope, runId: null }, role, rich, content, id, clientMessageId);
    },
  };
  // ToolCallLog only calls these four; the class's private state is the real publisher's.
  return quiet as MessagePublisher;
}

function fail(code: string, message: string): StepOutcome {
  return { ok: false, error: { code, message } };
}

/** The end of a failed tool's output: where the reason usually is. */
function lastLines(text: string): string {
  const lines = text.trimEnd().split("\n");
  const tail = lines.slice(-20).join("\n");
  return tail.length > 4000 ? tail.slice(-4000) : tail;
}
