import type { AskUserAnswer } from "@parley/protocol";
import {
  answerLabels,
  answersComplete,
  answersWithOnePick,
  assembleAnswers,
  highestSeverity,
  type InteractionOutcome,
  initialSelections,
  type QuestionCard,
  recordedAnswer,
  toggleSelection,
} from "@parley/sdk";
import { useId, useState } from "react";
import { QuestionItem } from "./question-item.tsx";

/**
 * A question from the agent (seed 000 QuestionMessageCard), styled by severity (critical red, major
 * orange, minor default). One button per option with its description and the default marked; a single
 * question is answered with one click, several questions or a multi-select one with Submit; free text
 * where the question allows it. Once answered (in any tab) the buttons are disabled and the answer shown.
 */
export function QuestionCardView({
  question,
  messageId,
  status,
  onAnswer,
}: {
  question: QuestionCard;
  messageId?: string | undefined;
  /** `pending`, `answered`, `cancelled` or `expired`. */
  status: string;
  onAnswer: (answers: AskUserAnswer[]) => Promise<InteractionOutcome>;
}) {
  const questions = question.questions;
  const severity = highestSeverity(questions);
  const pending = status === "pending";
  const oneClick = answersWithOnePick(questions);
  const [selections, setSelections] = useState<string[][]>(() => initialSelections(questions));
  const [texts, setTexts] = useState<string[]>(() => questions.map(() => ""));
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const headingId = useId();

  const send = async (answers: AskUserAnswer[]) => {
    setSending(true);
    setFailure(undefined);
    const outcome = await onAnswer(answers);
    setSending(false);
    if (outcome.status === "failed") setFailure(outcome.message);
  };
  const answers = assembleAnswers(questions, selections, texts);
  const complete = answersComplete(answers);

  return (
    <section
      className={`card question-card question-severity-${severity}`}
      data-testid="question-card"
      data-message-id={messageId}
      data-question-id={question.question_id}
      data-status={status}
      data-severity={severity}
      aria-labelledby={headingId}
    >
      <header className="question-header">
        <span className="card-kicker" id={headingId}>
          {questions.length === 1 ? "Question" : `${questions.length} questions`}
        </span>
        {severity !== "minor" && (
          <span className={`badge severity-badge severity-${severity}`} data-testid="question-severity">
            {severity === "critical" ? "Critical" : "Important"}
          </span>
        )}
      </header>
      {questions.map((item, index) => (
        <QuestionItem
          // biome-ignore lint/suspicious/noArrayIndexKey: a question's items never change order
          key={index}
          index={index}
          question={item}
          oneClick={oneClick}
          disabled={!pending || sending}
          selected={pending ? (selections[index] ?? []) : [recordedAnswer(question, index)].flat()}
          chosen={pending ? undefined : [recordedAnswer(question, index)].flat()}
          text={texts[index] ?? ""}
          onPick={(value) => {
            if (oneClick) void send([value]);
            else
              setSelections((current) => toggleSelection(current, index, value, item.multi_select === true));
          }}
          onText={(text) =>
            setTexts((current) => current.map((old, position) => (position === index ? text : old)))
          }
          onSendText={() => {
            const text = texts[index]?.trim() ?? "";
            if (oneClick && text !== "") void send([text]);
          }}
        />
      ))}
      {pending && !oneClick && (
        <div className="card-actions">
          <button
            type="button"
            className="button button-primary"
            data-testid="question-submit"
            disabled={sending || !complete}
            onClick={() => void send(answers)}
          >
            Submit {questions.length === 1 ? "answer" : "answers"}
          </button>
        </div>
      )}
      {sending && (
        <p className="muted" role="status">
          Sending your answer…
        </p>
      )}
      {failure !== undefined && (
        <p className="field-error" data-testid="question-error" role="alert">
          {failure}
        </p>
      )}
      {!pending && <QuestionStatusLine question={question} status={status} />}
    </section>
  );
}

function QuestionStatusLine({ question, status }: { question: QuestionCard; status: string }) {
  if (status !== "answered") {
    return (
      <p className="question-status muted" data-testid="question-status" data-status={status}>
        {status === "cancelled"
          ? "Withdrawn: the run stopped before it was answered."
          : "Expired without an answer."}
      </p>
    );
  }
  const answers = question.questions.map((item, index) =>
    answerLabels(item, recordedAnswer(question, index)).join(", "),
  );
  return (
    <p className="question-status" data-testid="question-status" data-status={status}>
      <span aria-hidden="true">✓ </span>
      Answered:{" "}
      {answers.length === 1 ? answers[0] : answers.map((text, index) => `${index + 1}. ${text}`).join("  ")}
    </p>
  );
}
