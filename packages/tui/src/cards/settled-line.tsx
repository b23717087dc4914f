import {
  answerLabels,
  approvalOutcomeText,
  isToolRequestKind,
  type MessageCard,
  planDecisionText,
  readPlanCard,
  readQuestionCard,
  readToolRequest,
  readWorkflowExecution,
  recordedAnswer,
  safeText,
} from "@parley/sdk";
import { Text } from "ink";
import { useTheme } from "../theme/theme.ts";
import { WorkflowView } from "./workflow-view.tsx";

/**
 * What became of a card printed while it waited: the answer a question got, the decision on a plan, how an
 * approval was answered (here, in a browser, or by the run ending), or a workflow's final state.
 */
export function SettledLine({ card }: { card: MessageCard }) {
  const theme = useTheme();
  const { kind, data } = card.rich;
  if (kind === "Question") {
    const question = readQuestionCard(data);
    if (question === undefined) return null;
    if (question.status !== "answered")
      return (
        <Text dimColor>
          {question.status === "cancelled" ? "Question withdrawn: the run stopped." : "Question expired."}
        </Text>
      );
    const answers = question.questions.map((item, index) =>
      answerLabels(item, recordedAnswer(question, index)).join(", "),
    );
    return <Text color={theme.success}>{`✓ Answered: ${safeText(answers.join(" · "))}`}</Text>;
  }
  if (kind === "Plan") {
    const plan = readPlanCard(data);
    if (plan === undefined) return null;
    return (
      <Text
        color={theme.success}
      >{`Plan “${safeText(plan.goal)}”: ${planDecisionText(plan) ?? plan.status ?? ""}`}</Text>
    );
  }
  if (kind === "WorkflowExecution") {
    const execution = readWorkflowExecution(data);
    return execution === undefined ? null : <WorkflowView execution={execution} />;
  }
  if (isToolRequestKind(kind)) {
    const request = readToolRequest(data);
    if (request === undefined) return null;
    return (
      <Text
        dimColor
      >{`${safeText(request.headline ?? request.tool_name)}: ${approvalOutcomeText(request)}`}</Text>
    );
  }
  return null;
}
