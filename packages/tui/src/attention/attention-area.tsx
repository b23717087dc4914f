import { executePlanStepByStep, plural, safeText, sendWorkflowControl } from "@parley/sdk";
import { Box, Text } from "ink";
import { useServices } from "../store/services.tsx";
import { ApprovalPrompt } from "./approval-prompt.tsx";
import type { Attention } from "./attention.ts";
import { PlanPrompt } from "./plan-prompt.tsx";
import { QuestionPrompt } from "./question-prompt.tsx";
import { WorkflowPrompt } from "./workflow-prompt.tsx";

/**
 * What waits for the person, above the message box: the oldest waiting interaction with its keys (an
 * approval, a question, a plan to decide, else a workflow's controls), and how many more wait. Each is
 * the server's durable interaction: answered here it leaves every browser at once, and answered in a
 * browser it leaves here.
 */
export function AttentionArea({ items, focused }: { items: readonly Attention[]; focused: boolean }) {
  const { store, workflows } = useServices();
  const [first, ...rest] = items;
  if (first === undefined) return null;
  const waiting = rest.filter((item) => item.kind !== "workflow").length;
  return (
    <Box flexDirection="column" marginTop={1}>
      {first.kind === "approval" && (
        <ApprovalPrompt
          key={first.card.id}
          request={first.request}
          kind={first.card.rich.kind}
          data={first.card.rich.data}
          subagent={first.subagent}
          focused={focused}
          onAnswer={(answer) => store.answerApproval(first.request.approval_id ?? "", answer)}
        />
      )}
      {first.kind === "question" && (
        <QuestionPrompt
          key={first.card.id}
          question={first.question}
          subagent={first.subagent}
          focused={focused}
          onAnswer={(answers) => store.answerQuestion(first.question.question_id ?? "", answers)}
        />
      )}
      {first.kind === "plan" && (
        <PlanPrompt
          key={first.card.id}
          plan={first.plan}
          focused={focused}
          onExecute={(mode) => store.executePlan(first.card.id, mode)}
          onExecuteStepByStep={(mode) => executePlanStepByStep(workflows, first.card.id, mode)}
          onRefine={(feedback) => store.refinePlan(first.card.id, feedback)}
        />
      )}
      {first.kind === "workflow" && (
        <WorkflowPrompt
          key={first.card.id}
          execution={first.execution}
          focused={focused}
          onControl={(control) => sendWorkflowControl(workflows, first.execution.execution_id, control)}
        />
      )}
      {waiting > 0 && <Text dimColor>{`${plural(waiting, "more interaction")} waiting after this one`}</Text>}
      {!focused && (
        <Text
          dimColor
        >{`Tab answers ${first.kind === "workflow" ? `the workflow ${safeText(first.execution.workflow_name)}` : "what waits above"}`}</Text>
      )}
    </Box>
  );
}
