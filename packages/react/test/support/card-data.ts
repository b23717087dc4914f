import type { ChatMessage, MessageCard } from "@parley/sdk";
import { agentMessage } from "./fake-chat-store.ts";

// Cards shaped as Parley's server stores and announces them (packages/server/README.md, "Agent tools and
// interactions"), for component tests.

const at = "2026-11-21T10:00:02.000Z";

/** A ToolRequest card for a Write that waits for approval; `data` changes any field. */
export function approvalCard(data: Record<string, unknown> = {}, id = "msg_request"): MessageCard {
  return {
    id,
    rich: {
      kind: "ToolRequest",
      data: {
        request_id: id,
        tool_use_id: "toolu_1",
        tool_name: "Write",
        parameters: { file_path: "notes/hello.txt", content: "hello\n" },
        description: "Writing notes/hello.txt",
        requires_approval: true,
        approval_status: "Pending",
        requested_at: at,
        headline: "Writing notes/hello.txt",
        decided_by: "user",
        protected_path: false,
        reason: "Write would change notes/hello.txt",
        approval_id: "apv_1",
        suggested_rule: { tool: "Write", pattern: "notes/**", behavior: "allow" },
        ...data,
      },
    },
  };
}

/** A ToolResult card answering `requestId`. */
export function resultCard(
  output: string,
  data: Record<string, unknown> = {},
  requestId = "msg_request",
  id = "msg_result",
): MessageCard {
  return {
    id,
    rich: {
      kind: "ToolResult",
      data: {
        request_id: requestId,
        tool_use_id: "toolu_1",
        tool_name: "Write",
        output,
        status: "Success",
        is_error: false,
        duration_ms: 12,
        executed_at: at,
        headline: "Writing notes/hello.txt",
        ...data,
      },
    },
  };
}

/** A Plan card as plan mode proposes it. */
export function planCard(data: Record<string, unknown> = {}, id = "msg_plan"): MessageCard {
  return {
    id,
    rich: {
      kind: "Plan",
      data: {
        goal: "Add a cache",
        steps: [
          {
            step_number: 1,
            action: "Read the service",
            reason: "see the lookups",
            tools_needed: ["Read"],
            status: "pending",
          },
          {
            step_number: 2,
            action: "Add the cache module",
            reason: "keep results",
            tools_needed: ["Write"],
            status: "pending",
          },
        ],
        risks: ["Stale entries"],
        estimated_time: "10 minutes",
        status: "proposed",
        ...data,
      },
    },
  };
}

/** A Question card for one question; `data` changes any field (e.g. `questions` for several). */
export function questionCard(data: Record<string, unknown> = {}, id = "msg_question"): MessageCard {
  const question = {
    question: "Which database should the service use?",
    options: [
      { label: "SQLite", value: "SQLite", description: "One file, no server" },
      { label: "PostgreSQL", value: "PostgreSQL", description: "A server, for many writers" },
    ],
    severity: "critical",
    default: "SQLite",
    context: "The service runs on one machine today.",
  };
  return {
    id,
    rich: {
      kind: "Question",
      data: {
        ...question,
        questions: [question],
        question_id: "q_1",
        source: "tool",
        status: "pending",
        ...data,
      },
    },
  };
}

/** A finished agent turn holding `cards` (in order) after a line of text. */
export function turnWith(cards: MessageCard[], overrides: Partial<ChatMessage> = {}): ChatMessage {
  const message = agentMessage("run_1", "Let me see.", { runId: "run_1", cards, ...overrides });
  return {
    ...message,
    partOrder: [...(message.segments ?? []).map((segment) => segment.id), ...cards.map((card) => card.id)],
  };
}
