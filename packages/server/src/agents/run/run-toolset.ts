import {
  type AskUserRequest,
  askUserEventQuestions,
  type CanUseToolCallback,
  createSkillTool,
  type EngineTool,
  modelSkills,
  type PermissionRule,
  type Skill,
  type ToolContext,
} from "@parley/engine";
import type { Approval, AskUserAnswer, PermissionMode } from "@parley/protocol";
import type { ChangeTracker } from "../changes/change-tracker.ts";
import type { MessageScope } from "../context/message-publisher.ts";
import type { RunContext } from "../context/run-context.ts";
import type { ToolCallLog } from "../tool-calls/tool-call-log.ts";
import { approvalGate } from "./approval-gate.ts";
import { runTools } from "./run-tools.ts";

/** What a run's tools are wired to. */
export interface RunToolsetInput {
  context: RunContext;
  /** The top-level run's scope (plan cards belong to its agent). */
  scope: MessageScope;
  log: ToolCallLog;
  changes: ChangeTracker;
  scopeFor: (parentToolUseId: string | undefined) => MessageScope;
  permissionMode: () => PermissionMode;
  interrupting: () => boolean;
  /** Answers given while no run waited, applied once to the resumed calls they answer. */
  answeredApprovals: Map<string, Approval>;
  answeredQuestions: Map<string, AskUserAnswer[]>;
  /** The skills the `Skill` tool offers (none: no `Skill` tool), read under the turn's permission `rules`. */
  skills?: readonly Skill[];
  rules?: readonly PermissionRule[];
  /** The tools the server offers for this scope beyond the run's own (`RunContext.scopedTools`). */
  scopedTools?: readonly EngineTool[];
}

/**
 * A run's tools and approval gate: the instrumented built-in tools (their starts become ToolRequest cards,
 * their file writes feed the change report), AskUserQuestion backed by the question desk, UpdatePlan backed
 * by the plan desk, and the `canUseTool` that decides each call needing approval.
 */
export function createRunToolset(input: RunToolsetInput): {
  tools: EngineTool[];
  canUseTool: CanUseToolCallback;
} {
  const { context, log } = input;
  const { store } = context;
  const askUser = async (request: AskUserRequest, toolContext: ToolContext): Promise<AskUserAnswer[]> => {
    const answered = input.answeredQuestions.get(request.toolUseId);
    if (answered !== undefined) {
      input.answeredQuestions.delete(request.toolUseId);
      return answered;
    }
    const questionId = store.transaction(() =>
      context.questions.ask({
        scope: input.scopeFor(request.parentToolUseId),
        questions: askUserEventQuestions(request.questions),
        source: "tool",
        toolUseId: request.toolUseId,
      }),
    );
    return context.questions.wait(questionId, toolContext.signal, input.interrupting);
  };
  const tools = runTools({
    onStart: (toolUseId, toolName, toolInput, parent) =>
      store.transaction(() =>
        log.markStarted(toolUseId, input.scopeFor(parent), toolName, toolInput, parent),
      ),
    changes: input.changes,
    ask: askUser,
    // A subagent's report is about its parent's plan: the plan card belongs to the top-level agent.
    onPlanUpdate: (update) => store.transaction(() => context.plans.progress(input.scope, update)),
    extraTools: [
      // No skill the model may load (each says `disable-model-invocation: true`), no `Skill` tool.
      ...(modelSkills(input.skills ?? []).length > 0
        ? [createSkillTool(context.projectRoot, input.skills ?? [], input.rules)]
        : []),
      ...(context.mcp?.tools() ?? []),
    ],
    childEnvironment: (kind) => context.children.env(kind),
  });
  const canUseTool = approvalGate({
    store,
    projectRoot: context.projectRoot,
    now: context.now,
    desk: context.approvals,
    log,
    permissionMode: input.permissionMode,
    scopeFor: input.scopeFor,
    answered: input.answeredApprovals,
    interrupting: input.interrupting,
    trustReadOnlyTools: () => context.mcp?.trustReadOnlyTools ?? false,
  });
  return { tools: [...tools, ...(input.scopedTools ?? [])], canUseTool };
}
