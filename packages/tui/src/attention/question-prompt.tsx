import type { AskUserAnswer } from "@parley/protocol";
import {
  answersComplete,
  answersWithOnePick,
  assembleAnswers,
  defaultValues,
  highestSeverity,
  type InteractionOutcome,
  initialSelections,
  type QuestionCard,
  safeText,
  toggleSelection,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { severityColour } from "../cards/question-view.tsx";
import { type Choice, ChoiceList } from "../input/choice-list.tsx";
import { LineInput } from "../input/line-input.tsx";
import { useTheme } from "../theme/theme.ts";
import { useAnswer } from "./use-answer.ts";

/**
 * A question from the agent, answered by keys: its severity colours the card (critical red, major
 * yellow); each question's options in a list (the suggested one marked), Space toggles in a multi-select
 * question, "Type my own answer…" where free text is allowed. One question with one pick sends at once;
 * several questions are answered one after the other and sent together.
 */
export function QuestionPrompt({
  question,
  subagent,
  focused,
  onAnswer,
}: {
  question: QuestionCard;
  subagent?: string | undefined;
  focused: boolean;
  onAnswer: (answers: AskUserAnswer[]) => Promise<InteractionOutcome>;
}) {
  const theme = useTheme();
  const questions = question.questions;
  const colour = severityColour(highestSeverity(questions), theme);
  const [step, setStep] = useState(0);
  const [selections, setSelections] = useState(() => initialSelections(questions));
  const [texts, setTexts] = useState<string[]>(() => questions.map(() => ""));
  const [typing, setTyping] = useState(false);
  const { sending, failure, conflict, send } = useAnswer();
  const current = questions[step];
  if (current === undefined) return null;
  const multi = current.multi_select === true;
  const chosen = selections[step] ?? [];
  const submit = (nextSelections: string[][], nextTexts: string[]) => {
    if (step < questions.length - 1 && !answersWithOnePick(questions)) {
      setStep(step + 1);
      return;
    }
    const answers = assembleAnswers(questions, nextSelections, nextTexts);
    if (answersComplete(answers)) void send(() => onAnswer(answers));
  };
  const choices: Choice[] = [
    ...current.options.map((option) => ({
      id: `option:${option.value}`,
      label: `${multi ? (chosen.includes(option.value) ? "[x] " : "[ ] ") : ""}${safeText(option.label)}`,
      hint: [
        defaultValues(current).includes(option.value) ? "(suggested)" : "",
        option.description === undefined ? "" : `— ${safeText(option.description)}`,
      ]
        .filter(Boolean)
        .join(" "),
    })),
    ...(current.allow_free_text === true ? [{ id: "type", label: "Type my own answer…", hotkey: "t" }] : []),
    ...(multi
      ? [
          {
            id: "done",
            label: step < questions.length - 1 ? "Next question" : "Send my answers",
            tone: "primary" as const,
          },
        ]
      : []),
  ];
  const pick = (choice: Choice) => {
    if (choice.id === "type") return setTyping(true);
    if (choice.id === "done") return submit(selections, texts);
    const value = choice.id.slice("option:".length);
    const next = toggleSelection(selections, step, value, multi);
    setSelections(next);
    if (!multi) submit(next, texts);
  };
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colour} paddingX={1}>
      <Text>
        <Text bold color={colour}>
          {questions.length === 1 ? "Question" : `Question ${step + 1} of ${questions.length}`}
        </Text>
        {subagent !== undefined && <Text dimColor>{` · from the subagent “${safeText(subagent)}”`}</Text>}
      </Text>
      <Text bold>{safeText(current.question)}</Text>
      {current.context !== undefined && <Text dimColor>{safeText(current.context)}</Text>}
      <Box marginTop={1} flexDirection="column">
        {typing ? (
          <LineInput
            label="Your answer"
            focused={focused && !sending}
            onSubmit={(text) => {
              if (text.trim() === "") return;
              const next = texts.map((old, index) => (index === step ? text : old));
              setTexts(next);
              setTyping(false);
              submit(selections, next);
            }}
            onCancel={() => setTyping(false)}
          />
        ) : (
          <ChoiceList key={step} choices={choices} focused={focused} disabled={sending} onPick={pick} />
        )}
      </Box>
      {multi && !typing && (
        <Text dimColor>
          Enter toggles an option · pick “{step < questions.length - 1 ? "Next question" : "Send my answers"}”
          when done
        </Text>
      )}
      {sending && <Text dimColor>Sending your answer…</Text>}
      {conflict && <Text dimColor>This was answered elsewhere first; its answer stands.</Text>}
      {failure !== undefined && <Text color={theme.danger}>{safeText(failure.message)}</Text>}
    </Box>
  );
}
