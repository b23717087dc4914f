import type { WorkflowExecutionData } from "@parley/protocol";
import { safeText, type WorkflowControl, workflowControls } from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { WorkflowView } from "../cards/workflow-view.tsx";
import { type Choice, ChoiceList } from "../input/choice-list.tsx";
import { useTheme } from "../theme/theme.ts";

const CONTROL_CHOICES: Record<WorkflowControl, Omit<Choice, "id">> = {
  pause: { label: "Pause", hint: "at the next step", hotkey: "p" },
  pause_now: { label: "Pause now", hint: "stop the running step", hotkey: "P" },
  resume: { label: "Resume", hotkey: "r", tone: "primary" },
  retry: { label: "Retry step", hotkey: "r", tone: "primary" },
  cancel: { label: "Cancel", hotkey: "c", tone: "danger" },
};

/** A running, paused or failed workflow, live, with the controls its status allows. */
export function WorkflowPrompt({
  execution,
  focused,
  onControl,
}: {
  execution: WorkflowExecutionData;
  focused: boolean;
  onControl: (control: WorkflowControl) => Promise<unknown>;
}) {
  const theme = useTheme();
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const { controls } = workflowControls(execution);
  const choices = controls.map((control) => ({ id: control, ...CONTROL_CHOICES[control] }));
  const pick = async (choice: Choice) => {
    setSending(true);
    setFailure(undefined);
    try {
      await onControl(choice.id as WorkflowControl);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Box flexDirection="column">
      <WorkflowView execution={execution} live />
      {choices.length > 0 && (
        <Box paddingX={2} flexDirection="column">
          <ChoiceList
            key={controls.join()}
            choices={choices}
            focused={focused}
            disabled={sending}
            onPick={(choice) => void pick(choice)}
          />
        </Box>
      )}
      {failure !== undefined && <Text color={theme.danger}>{safeText(failure)}</Text>}
    </Box>
  );
}
