import {
  answerLabels,
  defaultValues,
  highestSeverity,
  type QuestionCard,
  type QuestionSeverity,
  recordedAnswer,
  safeText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { type Theme, useTheme } from "../theme/theme.ts";

/** The colour of a question's severity: critical red, major orange (yellow here), minor the accent. */
export function severityColour(severity: QuestionSeverity, theme: Theme) {
  return severity === "critical" ? theme.danger : severity === "major" ? theme.warning : theme.accent;
}

/**
 * A question from the agent as it stands (seed 000 QuestionMessageCard): its severity, each question with
 * its context and options (the suggested one marked), and the answer once given. Answering happens in the
 * prompt below the conversation (`QuestionPrompt`).
 */
export function QuestionView({ question }: { question: QuestionCard }) {
  const theme = useTheme();
  const severity = highestSeverity(question.questions);
  const colour = severityColour(severity, theme);
  const status = question.status ?? "pending";
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colour} paddingX={1}>
      <Text>
        <Text bold color={colour}>
          {question.questions.length === 1 ? "Question" : `${question.questions.length} questions`}
        </Text>
        {severity !== "minor" && (
          <Text color={colour}>{severity === "critical" ? " · Critical" : " · Important"}</Text>
        )}
      </Text>
      {question.questions.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a card's questions never change order
        <Box key={index} flexDirection="column">
          <Text bold>{safeText(item.question)}</Text>
          {item.context !== undefined && <Text dimColor>{safeText(item.context)}</Text>}
          {status === "pending" &&
            item.options.map((option) => (
              <Text key={option.value}>
                {`  • ${safeText(option.label)}`}
                {defaultValues(item).includes(option.value) && <Text dimColor> (suggested)</Text>}
                {option.description !== undefined && (
                  <Text dimColor>{` — ${safeText(option.description)}`}</Text>
                )}
              </Text>
            ))}
          {status === "answered" && (
            <Text
              color={theme.success}
            >{`✓ ${safeText(answerLabels(item, recordedAnswer(question, index)).join(", "))}`}</Text>
          )}
        </Box>
      ))}
      {status === "cancelled" && <Text dimColor>Withdrawn: the run stopped before it was answered.</Text>}
      {status === "expired" && <Text dimColor>Expired without an answer.</Text>}
    </Box>
  );
}
