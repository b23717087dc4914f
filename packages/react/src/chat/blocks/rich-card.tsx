import type { AskUserAnswer } from "@parley/protocol";
import { isRichMessageKind } from "@parley/protocol";
import {
  type CardIndex,
  isCardShown,
  type MessageCard,
  readPlanCard,
  readProjectStructure,
  readQuestionCard,
  readSystemControl,
  readToolRequest,
  readToolResult,
  readWorkflowExecution,
} from "@parley/sdk";
import { ApprovalCard } from "../../cards/approval-card.tsx";
import { useCardWarning } from "../../cards/card-warnings.tsx";
import { McpResourceCard } from "../../cards/mcp-resource-card.tsx";
import { PlanCardView } from "../../cards/plan-card.tsx";
import { QuestionCardView } from "../../cards/question-card.tsx";
import { SystemNotice } from "../../cards/system-notice.tsx";
import { TextCard } from "../../cards/text-card.tsx";
import { ToolResultView } from "../../cards/tool-result-view.tsx";
import { useChatActions } from "../../chat-store-context.tsx";
import { ProjectStructureCard } from "../../project-structure/project-structure-card.tsx";
import { WorkflowCard } from "../../workflows/workflow-card.tsx";

/**
 * A typed card inside an agent turn, by kind: approval, tool result, plan, question, system marker or text.
 * A kind this UI does not know, or data that does not fit its kind, shows as text with a logged warning.
 */
export function RichCard({ card, index }: { card: MessageCard; index: CardIndex }) {
  if (!isCardShown(card, index)) return null;
  const { kind, data } = card.rich;
  switch (kind) {
    case "ToolRequest":
    case "MCPToolRequest": {
      const request = readToolRequest(data);
      if (request === undefined) return <UnreadableCard card={card} />;
      return <ApprovalCard card={card} request={request} result={index.results.get(card.id)} />;
    }
    case "ToolResult":
    case "MCPToolResult": {
      const result = readToolResult(data);
      if (result === undefined) return <UnreadableCard card={card} />;
      return (
        <section
          className="card tool-result-card"
          data-testid="rich-card"
          data-kind={kind}
          data-message-id={card.id}
        >
          <header className="card-title">{result.headline ?? result.tool_name}</header>
          <ToolResultView result={result} />
        </section>
      );
    }
    case "Plan": {
      const plan = readPlanCard(data);
      if (plan === undefined) return <UnreadableCard card={card} />;
      return <PlanCardView plan={plan} messageId={card.id} />;
    }
    case "Question":
      return <QuestionMessageCard card={card} />;
    case "MCPResource":
      return <McpResourceCard card={card} fallback={<UnreadableCard card={card} />} />;
    case "SystemControl": {
      const control = readSystemControl(data);
      if (control === undefined) return <UnreadableCard card={card} />;
      return <SystemNotice control={control} messageId={card.id} />;
    }
    case "WorkflowExecution": {
      const execution = readWorkflowExecution(data);
      if (execution === undefined) return <UnreadableCard card={card} />;
      return <WorkflowCard execution={execution} messageId={card.id} />;
    }
    case "ProjectStructure": {
      const structure = readProjectStructure(data);
      if (structure === undefined) return <UnreadableCard card={card} />;
      return <ProjectStructureCard card={card} structure={structure} />;
    }
    case "Text":
      return <TextCard card={card} unknownKind={card.unknownKind} />;
    default:
      if (!isRichMessageKind(kind)) return <UnreadableCard card={card} />;
      return <OtherCard card={card} />;
  }
}

function QuestionMessageCard({ card }: { card: MessageCard }) {
  const actions = useChatActions();
  const question = readQuestionCard(card.rich.data);
  if (question === undefined) return <UnreadableCard card={card} />;
  const questionId = question.question_id;
  const answer = (answers: AskUserAnswer[]) =>
    questionId === undefined
      ? Promise.resolve({
          status: "failed" as const,
          message: "This question has no id to answer.",
          issues: [],
        })
      : actions.answerQuestion(questionId, answers);
  return (
    <QuestionCardView
      question={question}
      messageId={card.id}
      status={question.status ?? "pending"}
      onAnswer={answer}
    />
  );
}

/** A card of an unknown kind, or whose data does not fit its kind: its text (or JSON), and a warning. */
function UnreadableCard({ card }: { card: MessageCard }) {
  const known = isRichMessageKind(card.rich.kind);
  const warning = known
    ? `message ${card.id}: its ${card.rich.kind} data does not fit the schema; it is shown as text`
    : `message ${card.id} has unknown rich kind "${card.rich.kind}"; it is shown as text`;
  useCardWarning(card.id, warning);
  const data = card.rich.data as Record<string, unknown> | undefined;
  const text = typeof data?.text === "string" ? data.text : JSON.stringify(card.rich.data ?? null, null, 2);
  return <TextCard card={card} unknownKind={known ? undefined : card.rich.kind} fallbackText={text} />;
}

/** A known kind this UI has no card of its own for yet (images, files, MCP calls, workflows…). */
function OtherCard({ card }: { card: MessageCard }) {
  const data = card.rich.data as Record<string, unknown> | undefined;
  const summary = ["text", "question", "goal", "summary", "tool_name", "name", "message", "path"]
    .map((field) => data?.[field])
    .find((value): value is string => typeof value === "string" && value !== "");
  return (
    <section
      className="card"
      data-testid="rich-card"
      data-kind={card.rich.kind}
      data-message-id={card.id}
      aria-label={card.rich.kind}
    >
      <header className="card-title">{card.rich.kind}</header>
      {summary !== undefined && <p className="muted">{summary.slice(0, 280)}</p>}
    </section>
  );
}
