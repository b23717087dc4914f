import type { WorkflowExecutionData } from "@parley/protocol";
import { formatElapsed, safeText, stepElapsed, WORKFLOW_STEP_ICONS, workflowControls } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { useTheme } from "../theme/theme.ts";
import { CollapsedText } from "./collapsed-text.tsx";

/** Lines of a running step's live output shown on the card. */
const OUTPUT_LINES = 4;

/**
 * A WorkflowExecution card (seed 001): name, status and progress, each step with its state, kind, tries,
 * elapsed time, the tail of a running step's output and a failed step's error.
 */
export function WorkflowView({
  execution,
  live = false,
}: {
  execution: WorkflowExecutionData;
  live?: boolean;
}) {
  const theme = useTheme();
  const now = useNow(live && execution.status === "Running");
  const { status } = workflowControls(execution);
  const colour =
    execution.status === "Completed"
      ? theme.success
      : execution.status === "Failed"
        ? theme.danger
        : theme.accent;
  const total = Math.max(1, execution.total_steps);
  const filled = Math.round((execution.completed_steps / total) * 20);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colour} paddingX={1}>
      <Text>
        <Text bold color={colour}>{`Workflow ${safeText(execution.workflow_name)}`}</Text>
        <Text color={colour}>{` · ${status}`}</Text>
        <Text dimColor>{` · ${execution.completed_steps} of ${execution.total_steps} steps `}</Text>
        <Text color={colour}>{"█".repeat(filled)}</Text>
        <Text dimColor>{"░".repeat(20 - filled)}</Text>
      </Text>
      {(execution.steps ?? []).map((step) => {
        const elapsed = stepElapsed(step, now);
        const stepColour =
          step.status === "completed" ? theme.success : step.status === "failed" ? theme.danger : undefined;
        return (
          <Box key={step.id} flexDirection="column">
            <Text>
              <Text color={stepColour}>{`${WORKFLOW_STEP_ICONS[step.status]} `}</Text>
              {safeText(step.name)}
              <Text dimColor>
                {` ${step.kind}`}
                {step.attempts > 1 && ` · try ${step.attempts}`}
                {elapsed !== undefined && ` · ${formatElapsed(elapsed)}`}
              </Text>
            </Text>
            {live && step.status === "running" && (step.output ?? "") !== "" && (
              <Box marginLeft={2}>
                <CollapsedText text={(step.output ?? "").split("\n").slice(-OUTPUT_LINES).join("\n")} />
              </Box>
            )}
            {step.error != null && step.status !== "completed" && (
              <Text color={theme.danger}>{`  ${safeText(step.error.message)}`}</Text>
            )}
          </Box>
        );
      })}
      {execution.status === "Failed" && execution.error != null && (
        <Text color={theme.danger}>{safeText(execution.error.message)}</Text>
      )}
    </Box>
  );
}

/** The time now, ticking every second while `live` (a running step's elapsed time counts up). */
function useNow(live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [live]);
  return live ? now : Date.now();
}
