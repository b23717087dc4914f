import type { PlanData } from "@parley/protocol";
import { EXECUTE_MODES, type ExecutePlanMode, type InteractionOutcome, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { type Choice, ChoiceList } from "../input/choice-list.tsx";
import { LineInput } from "../input/line-input.tsx";
import { useTheme } from "../theme/theme.ts";
import { useAnswer } from "./use-answer.ts";

/**
 * A proposed plan's decision (the plan itself is in the conversation above): Execute Plan step by step
 * (a workflow, one agent turn per step), Execute in one turn, or Refine with feedback; ←/→ choose the
 * permission mode it then runs in.
 */
export function PlanPrompt({
  plan,
  focused,
  onExecute,
  onExecuteStepByStep,
  onRefine,
}: {
  plan: PlanData;
  focused: boolean;
  onExecute: (mode: ExecutePlanMode) => Promise<InteractionOutcome>;
  onExecuteStepByStep: (mode: ExecutePlanMode) => Promise<InteractionOutcome>;
  onRefine: (feedback: string) => Promise<InteractionOutcome>;
}) {
  const theme = useTheme();
  const [modeIndex, setModeIndex] = useState(0);
  const [refining, setRefining] = useState(false);
  const { sending, failure, send } = useAnswer();
  const mode = EXECUTE_MODES[modeIndex] ?? EXECUTE_MODES[0];
  const choices: Choice[] = [
    {
      id: "steps",
      label: "Execute Plan",
      hint: "step by step, on a progress card",
      hotkey: "x",
      tone: "primary",
    },
    { id: "one", label: "Execute in one turn", hint: "the agent carries out the whole plan", hotkey: "o" },
    { id: "refine", label: "Refine Plan…", hint: "tell the agent what to change", hotkey: "r" },
  ];
  const value = (mode?.value ?? "default") as ExecutePlanMode;
  const pick = (choice: Choice) => {
    if (choice.id === "steps") void send(() => onExecuteStepByStep(value));
    if (choice.id === "one") void send(() => onExecute(value));
    if (choice.id === "refine") setRefining(true);
  };
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text>
        <Text bold color={theme.accent}>
          Plan
        </Text>
        <Text>{` ${safeText(plan.goal)}`}</Text>
        <Text dimColor>{` · ${plan.steps.length} steps`}</Text>
      </Text>
      {refining ? (
        <LineInput
          label="What should change?"
          focused={focused && !sending}
          onSubmit={(feedback) => {
            if (feedback.trim() !== "") void send(() => onRefine(feedback.trim()));
          }}
          onCancel={() => setRefining(false)}
        />
      ) : (
        <>
          <ChoiceList
            choices={choices}
            focused={focused}
            disabled={sending}
            onPick={pick}
            onKey={(_input, key) => {
              if (!key.leftArrow && !key.rightArrow) return false;
              const step = key.leftArrow ? -1 : 1;
              setModeIndex((index) => (index + step + EXECUTE_MODES.length) % EXECUTE_MODES.length);
              return true;
            }}
          />
          <Text>
            <Text dimColor>then run in: </Text>
            <Text color={theme.accent}>{`◂ ${mode?.label ?? ""} ▸`}</Text>
            <Text dimColor> (←/→)</Text>
          </Text>
        </>
      )}
      {sending && <Text dimColor>Sending…</Text>}
      {failure !== undefined && <Text color={theme.danger}>{safeText(failure.message)}</Text>}
    </Box>
  );
}
