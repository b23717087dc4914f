import type { AskUserQuestion } from "@parley/protocol";
import { defaultValues } from "@parley/sdk";
import { useId } from "react";

/**
 * One question of a question card: its text and context, one button per option (with its description,
 * the default marked), and a free-text box when the question allows one. In one-click mode an option
 * sends the answer; otherwise options toggle (`aria-pressed`) and the card's Submit sends.
 */
export function QuestionItem({
  index,
  question,
  oneClick,
  disabled,
  selected,
  chosen,
  text,
  onPick,
  onText,
  onSendText,
}: {
  index: number;
  question: AskUserQuestion;
  oneClick: boolean;
  disabled: boolean;
  selected: readonly string[];
  /** The answer given, once answered. */
  chosen: readonly string[] | undefined;
  text: string;
  onPick: (value: string) => void;
  onText: (text: string) => void;
  onSendText: () => void;
}) {
  const textId = useId();
  const defaults = defaultValues(question);
  const optionValues = new Set(question.options.map((option) => option.value));
  const typed = chosen?.filter((value) => !optionValues.has(value)) ?? [];
  return (
    <div className="question-item" data-testid="question-item" data-index={index}>
      <p className="question-text" data-testid="question-text">
        {question.question}
      </p>
      {question.context !== undefined && (
        <p className="question-context muted" data-testid="question-context">
          {question.context}
        </p>
      )}
      {question.options.length > 0 && (
        <fieldset className="question-options">
          <legend className="visually-hidden">
            {question.multi_select === true ? "Choose one or more" : "Choose one"}
          </legend>
          {question.options.map((option) => {
            const isDefault = defaults.includes(option.value);
            const isChosen = chosen?.includes(option.value) === true;
            return (
              <button
                key={option.value}
                type="button"
                className={`question-option${isDefault ? " question-option-is-default" : ""}${isChosen ? " question-option-chosen" : ""}`}
                data-testid="question-option"
                data-value={option.value}
                data-default={isDefault ? "true" : undefined}
                data-chosen={chosen === undefined ? undefined : String(isChosen)}
                aria-pressed={oneClick && chosen === undefined ? undefined : selected.includes(option.value)}
                disabled={disabled}
                onClick={() => onPick(option.value)}
              >
                <span className="question-option-label">
                  {question.multi_select === true && (
                    <span className="question-check" aria-hidden="true">
                      {selected.includes(option.value) ? "☑" : "☐"}
                    </span>
                  )}
                  {option.label}
                  {isDefault && (
                    <span className="badge question-default" data-testid="question-option-default">
                      Suggested
                    </span>
                  )}
                </span>
                {option.description !== undefined && (
                  <span className="question-option-description">{option.description}</span>
                )}
              </button>
            );
          })}
        </fieldset>
      )}
      {question.allow_free_text === true && chosen === undefined && (
        <form
          className="question-free-text"
          onSubmit={(event) => {
            event.preventDefault();
            onSendText();
          }}
        >
          <label htmlFor={textId} className="visually-hidden">
            Your own answer
          </label>
          <input
            id={textId}
            type="text"
            data-testid="question-free-text"
            placeholder={question.options.length > 0 ? "Or type your own answer" : "Type your answer"}
            value={text}
            disabled={disabled}
            maxLength={10_000}
            onChange={(event) => onText(event.target.value)}
          />
          {oneClick && (
            <button
              type="submit"
              className="button"
              data-testid="question-free-text-send"
              disabled={disabled || text.trim() === ""}
            >
              Send
            </button>
          )}
        </form>
      )}
      {typed.length > 0 && (
        <p className="question-typed" data-testid="question-typed-answer">
          “{typed.join(", ")}”
        </p>
      )}
    </div>
  );
}
