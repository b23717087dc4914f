import { type AskUserAnswer, AskUserAnswerSchema } from "@parley/protocol";
import { z } from "zod";
import { defineTool, type EngineTool, type ToolContext } from "../engine-tool.ts";
import { type AskUserToolInput, AskUserToolInputSchema, type AskUserToolQuestion } from "./ask-user-input.ts";

/** The tool's name, as Claude Code calls it. */
export const ASK_USER_TOOL_NAME = "AskUserQuestion";

/** What the host is asked to put in front of the user. */
export interface AskUserRequest {
  /** The `AskUserQuestion` call; a host that stores the question keys it by this id. */
  toolUseId: string;
  questions: AskUserToolQuestion[];
  /** Set when a subagent asks: the `Task` call that started it. */
  parentToolUseId?: string;
}

/** How `AskUserQuestion` reaches the user. */
export interface AskUserToolOptions {
  /**
   * Shows the questions and resolves with one answer per question, in order: the chosen label (several
   * for `multiSelect`) or free text. Rejecting means the user did not answer; the model is told so.
   * `context.signal` aborts when the turn is cancelled.
   */
  ask(request: AskUserRequest, context: ToolContext): Promise<AskUserAnswer[]>;
}

const DESCRIPTION = `Asks the user one to four questions and waits for the answers. Use it when you need a decision or information only the user has: to clear up an ambiguous request, to choose between approaches, or to confirm something risky before you do it. Do not use it for things you can find out yourself with the other tools.
- Give each question 2 or more options with short, distinct labels (add a description when the trade-off is not obvious); set multiSelect when several may apply.
- Set allowFreeText when the user may type an answer of their own (then options are optional).
- Set severity to critical when the work cannot go on safely without the answer, major when the answer changes the result a lot, minor otherwise.
- Put the option you recommend in default, and background the user needs in context.
The result lists every question with the user's answer.`;

/**
 * `AskUserQuestion`: asks the user structured questions (Claude Code's input shape with Parley's
 * severity, default, free text and context) through `options.ask` and returns the answers to the model.
 * It needs no approval: asking is harmless, and the user answers it anyway.
 */
export function createAskUserTool(options: AskUserToolOptions): EngineTool<AskUserToolInput> {
  return defineTool({
    name: ASK_USER_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema: AskUserToolInputSchema,
    requiresApproval: false,
    access: () => ({ kind: "other" }),
    execute: async (input, context) => {
      const request: AskUserRequest = {
        toolUseId: context.toolUseId,
        questions: input.questions,
        ...(context.turn.parentToolUseId !== undefined && { parentToolUseId: context.turn.parentToolUseId }),
      };
      let answers: unknown;
      try {
        answers = await options.ask(request, context);
      } catch (error) {
        if (context.signal.aborted) throw error;
        const reason = error instanceof Error && error.message ? ` (${error.message})` : "";
        return {
          content: `The user did not answer${reason}. Do not assume an answer: carry on without it if you can, or stop and say what you need.`,
          isError: true,
        };
      }
      const checked = checkAnswers(answers, input.questions.length);
      return {
        content: answersText(input.questions, checked),
        data: { questions: input.questions, answers: checked },
      };
    },
  });
}

function checkAnswers(answers: unknown, count: number): AskUserAnswer[] {
  const parsed = z.array(AskUserAnswerSchema).length(count).safeParse(answers);
  if (!parsed.success) throw new Error(`the answers were malformed: expected ${count}, one per question`);
  return parsed.data;
}

function answersText(questions: readonly AskUserToolQuestion[], answers: readonly AskUserAnswer[]): string {
  const lines = questions.map((question, index) => {
    const answer = answers[index] ?? "";
    const text = Array.isArray(answer) ? answer.join(", ") : answer;
    return `${index + 1}. ${question.question}\n   Answer: ${text.trim() === "" ? "(no answer)" : text}`;
  });
  return `The user answered your questions:\n${lines.join("\n")}\nContinue with these answers in mind.`;
}
