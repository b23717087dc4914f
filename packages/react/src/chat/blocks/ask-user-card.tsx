import type { AskUserAnswer, AskUserBlock } from "@parley/protocol";
import { answerLabels, type InteractionOutcome, readQuestionCard } from "@parley/sdk";
import { useState } from "react";
import { QuestionCardView } from "../../cards/question-card.tsx";
import { useChatActions } from "../../chat-store-context.tsx";

/**
 * A question written in message text (seed 002 AskUserCard) that the server did not turn into a Question
 * message. Answering sends the chosen labels as the next chat message, the way the server answers a
 * question in text; the card then shows the answer.
 */
export function AskUserCard({ block }: { block: AskUserBlock }) {
  const actions = useChatActions();
  const [answers, setAnswers] = useState<AskUserAnswer[] | undefined>();
  const question = readQuestionCard(block);
  if (question === undefined) return null;
  const answer = async (given: AskUserAnswer[]): Promise<InteractionOutcome> => {
    const text = given
      .map((value, index) => answerLabels(question.questions[index], value).join(", "))
      .join("\n");
    await actions.sendMessage(text);
    setAnswers(given);
    return { status: "done" };
  };
  return (
    <div data-testid="special-block" data-block-type="ask_user">
      <QuestionCardView
        question={answers === undefined ? question : { ...question, answers }}
        status={answers === undefined ? "pending" : "answered"}
        onAnswer={answer}
      />
    </div>
  );
}
