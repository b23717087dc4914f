import { type AskUserAnswer, AskUserQuestionSchema } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AskUserRequest,
  askUserEventQuestions,
  builtinTools,
  type CanUseToolCallback,
  createAskUserTool,
  type ToolContext,
} from "../src/index.ts";
import { collectTurn, labels, modelFor, resultOf } from "./helpers.ts";
import { startTurn, toolResultOf } from "./turn-driver.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

const QUESTIONS = [
  {
    question: "Which database should the app use?",
    header: "Database",
    options: [{ label: "Postgres" }, { label: "SQLite", description: "One file, no server" }],
    severity: "major",
    default: "Postgres",
    context: "The app will run on one small server.",
  },
  {
    question: "Which extras do you want?",
    options: [{ label: "Auth" }, { label: "Search" }, { label: "Exports" }],
    multiSelect: true,
  },
];

/** Approval is never needed for questions: a callback that fails the test if it is asked. */
const noApprovalExpected: CanUseToolCallback = async ({ toolName }) => {
  throw new Error(`${toolName} asked for approval`);
};

/** An AskUserQuestion tool whose host answers with `answers` (or fails with `failure`) and records requests. */
function answering(result: { answers?: AskUserAnswer[]; failure?: Error }) {
  const requests: AskUserRequest[] = [];
  const tool = createAskUserTool({
    ask: async (request) => {
      requests.push(request);
      if (result.failure) throw result.failure;
      return result.answers ?? [];
    },
  });
  return { tool, requests };
}

describe("AskUserQuestion", () => {
  it("puts the questions to the user and gives the model each question with its answer", async () => {
    server.script(
      reply().toolCall("AskUserQuestion", { questions: QUESTIONS }, { id: "call_ask" }),
      reply().text("Postgres with auth and search, then."),
    );
    const { tool, requests } = answering({ answers: ["SQLite", ["Auth", "Search"]] });

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "set up the app",
      tools: [tool],
      canUseTool: noApprovalExpected,
    });

    expect(requests).toEqual([{ toolUseId: "call_ask", questions: QUESTIONS }]);
    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "user:tool_result",
      "assistant:text",
      "result/success",
    ]);
    expect(toolResultOf(messages, "call_ask")).toEqual({
      content:
        "The user answered your questions:\n" +
        "1. Which database should the app use?\n   Answer: SQLite\n" +
        "2. Which extras do you want?\n   Answer: Auth, Search\n" +
        "Continue with these answers in mind.",
      isError: false,
      data: { questions: QUESTIONS, answers: ["SQLite", ["Auth", "Search"]] },
    });
    expect(JSON.stringify(server.requests[1]?.body)).toContain("Answer: Auth, Search");
  });

  it("accepts a free-text question without options and shows the typed answer", async () => {
    const question = { question: "What should the project be called?", options: [], allowFreeText: true };
    server.script(
      reply().toolCall("AskUserQuestion", { questions: [question] }, { id: "call_name" }),
      reply().text("ok"),
    );
    const { tool } = answering({ answers: ["Lighthouse"] });

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "name it",
      tools: [tool],
    });

    expect(toolResultOf(messages, "call_name").content).toContain("Answer: Lighthouse");
  });

  it("tells the model the user did not answer when the host gives up on the question", async () => {
    server.script(
      reply().toolCall("AskUserQuestion", { questions: QUESTIONS.slice(0, 1) }, { id: "call_ask" }),
      reply().text("I will wait."),
    );
    const { tool } = answering({ failure: new Error("the question was dismissed") });

    const messages = await collectTurn({ model: modelFor(server, "anthropic"), prompt: "go", tools: [tool] });

    expect(toolResultOf(messages, "call_ask")).toMatchObject({
      content: expect.stringMatching(
        /^The user did not answer \(the question was dismissed\)\. Do not assume/,
      ),
      isError: true,
    });
    expect(resultOf(messages)).toMatchObject({ subtype: "success", result: "I will wait." });
  });

  it("stops waiting for the answer when the turn is cancelled, and the host sees the cancellation", async () => {
    server.script(reply().toolCall("AskUserQuestion", { questions: QUESTIONS }, { id: "call_ask" }));
    let hostContext!: ToolContext;
    let asked!: () => void;
    const questionAsked = new Promise<void>((resolve) => (asked = resolve));
    const tool = createAskUserTool({
      ask: (_request, context) => {
        hostContext = context;
        asked();
        return new Promise(() => {});
      },
    });
    const turn = startTurn({ model: modelFor(server, "anthropic"), cwd: "/", tools: [tool] });

    await questionAsked;
    turn.controller.abort();
    await turn.done;

    expect(hostContext.signal.aborted).toBe(true);
    expect(labels(turn.messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "user:tool_result",
      "user:text",
      "result/error_during_execution",
    ]);
    expect(toolResultOf(turn.messages, "call_ask").content).toMatch(/^Interrupted by user/);
    expect(server.requests).toHaveLength(1);
  });

  it("refuses answers that do not match the questions instead of showing the model garbage", async () => {
    server.script(
      reply().toolCall("AskUserQuestion", { questions: QUESTIONS }, { id: "call_ask" }),
      reply().text("ok"),
    );
    const { tool } = answering({ answers: ["Postgres"] });

    const messages = await collectTurn({ model: modelFor(server, "anthropic"), prompt: "go", tools: [tool] });

    expect(toolResultOf(messages, "call_ask")).toMatchObject({
      content: "Error: the answers were malformed: expected 2, one per question",
      isError: true,
    });
  });

  it("names the Task call when a subagent asks, so the host can route the question", async () => {
    server.script(
      reply().toolCall("Task", { description: "Ask", prompt: "Ask which database." }, { id: "call_task" }),
      reply().toolCall("AskUserQuestion", { questions: QUESTIONS.slice(0, 1) }, { id: "call_ask" }),
      reply().text("Postgres."),
      reply().text("The user wants Postgres."),
    );
    const { tool, requests } = answering({ answers: ["Postgres"] });

    await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      tools: builtinTools({ task: {} })
        .filter((candidate) => candidate.name === "Task")
        .concat(tool),
    });

    expect(requests).toEqual([
      { toolUseId: "call_ask", questions: QUESTIONS.slice(0, 1), parentToolUseId: "call_task" },
    ]);
  });

  it.each([
    ["no questions", { questions: [] }, "questions"],
    ["five questions", { questions: Array.from({ length: 5 }, () => QUESTIONS[0]) }, "questions"],
    [
      "a question with one option",
      { questions: [{ question: "Sure?", options: [{ label: "Yes" }] }] },
      "options",
    ],
    [
      "two options with the same label",
      { questions: [{ question: "Sure?", options: [{ label: "Yes" }, { label: "Yes" }] }] },
      "options",
    ],
    [
      "a default that is not an option",
      { questions: [{ question: "Sure?", options: [{ label: "Yes" }, { label: "No" }], default: "Maybe" }] },
      "default",
    ],
  ])("shows the model why its input is invalid: %s", async (_, input, field) => {
    server.script(reply().toolCall("AskUserQuestion", input, { id: "call_bad" }), reply().text("ok"));
    const { tool, requests } = answering({ answers: [] });

    const messages = await collectTurn({ model: modelFor(server, "anthropic"), prompt: "go", tools: [tool] });

    const result = toolResultOf(messages, "call_bad");
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^<tool_use_error>InputValidationError: AskUserQuestion failed/);
    expect(result.content).toContain(field);
    expect(requests).toEqual([]);
  });
});

describe("askUserEventQuestions", () => {
  it("turns the tool's questions into AskUser event questions whose option values are the labels", () => {
    const questions = askUserEventQuestions(QUESTIONS as Parameters<typeof askUserEventQuestions>[0]);

    expect(questions).toEqual([
      {
        question: "Which database should the app use?",
        header: "Database",
        options: [
          { label: "Postgres", value: "Postgres" },
          { label: "SQLite", value: "SQLite", description: "One file, no server" },
        ],
        severity: "major",
        default: "Postgres",
        context: "The app will run on one small server.",
      },
      {
        question: "Which extras do you want?",
        options: [
          { label: "Auth", value: "Auth" },
          { label: "Search", value: "Search" },
          { label: "Exports", value: "Exports" },
        ],
        multi_select: true,
      },
    ]);
    expect(questions.every((question) => AskUserQuestionSchema.safeParse(question).success)).toBe(true);
  });
});
