import { type AskUserResponse, AskUserResponseSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import {
  expectValidRichMessages,
  resultText,
  richEvents,
  sessionState,
  startChat,
  storedMessages,
  toolResultsIn,
  waitForRich,
} from "./support/interactions.ts";
import { waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("questions the agent asks", () => {
  const respond = (body: Record<string, unknown>) =>
    server.request("POST", "/api/ask-user-response", { body });
  const server = useTestServer();
  const events = useServerEvents(server);

  it("AskUserQuestion becomes a Question card and an AskUser event; the answer joins the chat and resumes the run", async () => {
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which database should the service use?",
            header: "Database",
            options: [
              { label: "SQLite", description: "One file, no server" },
              { label: "PostgreSQL", description: "A server, for many writers" },
            ],
            severity: "major",
            default: "SQLite",
            context: "The service runs on one machine today.",
          },
        ],
      }),
      reply().text("PostgreSQL it is."),
    );
    const chat = await startChat(server, { text: "Set up storage" });

    const asked = await waitForEvent(events, "AskUser", (event) => event.run_id === chat.run_id);
    expect(asked).toMatchObject({
      source: "tool",
      tool_use_id: expect.any(String),
      message_id: expect.any(String),
      questions: [
        {
          question: "Which database should the service use?",
          options: [
            { label: "SQLite", value: "SQLite", description: "One file, no server" },
            { label: "PostgreSQL", value: "PostgreSQL", description: "A server, for many writers" },
          ],
          severity: "major",
          default: "SQLite",
          context: "The service runs on one machine today.",
        },
      ],
    });
    const card = (await storedMessages(server, chat.session_id)).find(
      (message) => message.id === asked.message_id,
    );
    expect(card?.rich).toMatchObject({
      kind: "Question",
      data: {
        question: "Which database should the service use?",
        severity: "major",
        default: "SQLite",
        question_id: asked.question_id,
        status: "pending",
      },
    });
    const state = await sessionState(server, chat.session_id);
    expect(state.pending_questions).toEqual([
      expect.objectContaining({
        question_id: asked.question_id,
        message_id: asked.message_id,
        source: "tool",
      }),
    ]);

    await expectApiError(
      await respond({ question_id: asked.question_id, answers: ["MySQL"] }),
      400,
      "invalid_request",
      "body.answers.0",
    );
    const answered = await decodeResponse(
      await respond({ question_id: asked.question_id, answers: ["PostgreSQL"] }),
      AskUserResponseSchema,
    );
    expect(answered).toMatchObject({ run_id: chat.run_id, message_id: expect.any(String) });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");

    const sent = [...toolResultsIn(modelRequest(server, 1)).values()];
    expect(resultText(sent[0]?.content)).toContain("Answer: PostgreSQL");
    const messages = await storedMessages(server, chat.session_id);
    expect(messages.find((message) => message.id === answered.message_id)).toMatchObject({
      role: "user",
      rich: { kind: "Text", data: { text: "PostgreSQL", question_id: asked.question_id } },
    });
    await waitForRich(
      events,
      "Question",
      (data) => data.question_id === asked.question_id && data.status === "answered",
    );
    expect(messages.find((message) => message.id === asked.message_id)?.rich.data).toMatchObject({
      status: "answered",
      answers: ["PostgreSQL"],
    });

    const conflict = await expectApiError(
      await respond({ question_id: asked.question_id, answers: ["SQLite"] }),
      409,
      "conflict",
    );
    expect(conflict.error.details).toMatchObject({ state: "answered", answers: ["PostgreSQL"] });
    expectValidRichMessages(await storedMessages(server, chat.session_id));
  });

  it("takes several options for a multi-select question and typed text where free text is allowed", async () => {
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which platforms?",
            options: [{ label: "Linux" }, { label: "macOS" }, { label: "Windows" }],
            multiSelect: true,
          },
          { question: "Anything else I should know?", options: [], allowFreeText: true },
        ],
      }),
      reply().text("Noted."),
    );
    const chat = await startChat(server, { text: "Plan the release" });
    const asked = await waitForEvent(events, "AskUser", (event) => event.run_id === chat.run_id);
    expect(asked.questions.map((question) => [question.multi_select, question.allow_free_text])).toEqual([
      [true, undefined],
      [undefined, true],
    ]);

    await expectApiError(
      await respond({ question_id: asked.question_id, answers: [["Linux", "BeOS"], "x"] }),
      400,
      "invalid_request",
      "body.answers.0",
    );
    await expectApiError(
      await respond({ question_id: asked.question_id, answers: [["Linux"], ["one", "two"]] }),
      400,
      "invalid_request",
      "body.answers.1",
    );
    const answered: AskUserResponse = await decodeResponse(
      await respond({ question_id: asked.question_id, answers: [["Linux", "macOS"], "Ship on Friday."] }),
      AskUserResponseSchema,
    );
    await waitForOutcome(events, chat.run_id);

    const text = resultText([...toolResultsIn(modelRequest(server, 1)).values()][0]?.content);
    expect(text).toContain("Answer: Linux, macOS");
    expect(text).toContain("Answer: Ship on Friday.");
    const message = (await storedMessages(server, chat.session_id)).find(
      (stored) => stored.id === answered.message_id,
    );
    expect((message?.rich.data as { text?: string } | undefined)?.text).toBe(
      "Which platforms?\n→ Linux, macOS\n\nAnything else I should know?\n→ Ship on Friday.",
    );
  });

  it("a JSON question in the agent's answer becomes a Question card; answering sends the answer as the next message", async () => {
    const question = {
      type: "ask_user",
      question: "Deploy to production now?",
      options: [
        { label: "Yes, deploy", value: "deploy" },
        { label: "Not yet", value: "wait" },
      ],
      severity: "critical",
    };
    server.fake.script(reply().text(`Before I go on:\n\n\`\`\`json\n${JSON.stringify(question)}\n\`\`\``));
    const chat = await startChat(server, { text: "Ship it" });
    const asked = await waitForEvent(events, "AskUser", (event) => event.run_id === chat.run_id);
    await waitForOutcome(events, chat.run_id);

    expect(asked).toMatchObject({
      source: "text",
      questions: [{ question: "Deploy to production now?", severity: "critical" }],
    });
    const messages = await storedMessages(server, chat.session_id);
    // The agent's text message itself turned into the card (the same message, so no duplicate bubble).
    const card = messages.find((message) => message.id === asked.message_id);
    expect(card).toMatchObject({ role: "assistant", run_id: chat.run_id, rich: { kind: "Question" } });
    expect(
      messages.filter((message) => message.run_id === chat.run_id && message.role === "assistant"),
    ).toHaveLength(1);

    server.fake.script(reply().text("Deploying."));
    const answered = await decodeResponse(
      await respond({ question_id: asked.question_id, answers: ["deploy"] }),
      AskUserResponseSchema,
    );
    expect(answered.run_id).not.toBe(chat.run_id);
    expect((await waitForOutcome(events, answered.run_id as string)).outcome).toBe("success");
    const last = modelRequest(server, 1).messages.at(-1);
    expect(last).toMatchObject({ role: "user", content: [{ type: "text", text: "Yes, deploy" }] });
  });

  it("a JSON question the person ignores expires when they send something else", async () => {
    const question = {
      question: "Which colour?",
      options: [
        { label: "Red", value: "red" },
        { label: "Blue", value: "blue" },
      ],
    };
    server.fake.script(reply().text(JSON.stringify(question)), reply().text("Fine, no colour."));
    const chat = await startChat(server, { text: "Paint it" });
    const asked = await waitForEvent(events, "AskUser", (event) => event.run_id === chat.run_id);
    await waitForOutcome(events, chat.run_id);

    const next = await startChat(server, { session_id: chat.session_id, text: "Never mind the colour." });
    await waitForOutcome(events, next.run_id);

    const conflict = await expectApiError(
      await respond({ question_id: asked.question_id, answers: ["red"] }),
      409,
      "conflict",
    );
    expect(conflict.error.details).toMatchObject({ state: "expired" });
    expect((await sessionState(server, chat.session_id)).pending_questions).toEqual([]);
  });

  it("cancelling the run withdraws its question, and a late answer gets 409", async () => {
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [{ question: "Proceed?", options: [{ label: "Yes" }, { label: "No" }] }],
      }),
    );
    const chat = await startChat(server, { text: "Do the risky thing" });
    const asked = await waitForEvent(events, "AskUser", (event) => event.run_id === chat.run_id);

    await server.json("POST", "/api/agent-cancel", { run_id: chat.run_id });
    await waitForOutcome(events, chat.run_id);

    const conflict = await expectApiError(
      await respond({ question_id: asked.question_id, answers: ["Yes"] }),
      409,
      "conflict",
    );
    expect(conflict.error.details).toMatchObject({ state: "cancelled", answers: null });
    const statuses = richEvents(events, "Question")
      .filter((card) => card.event.message_id === asked.message_id)
      .map((card) => card.data.status);
    expect(statuses).toEqual(["pending", "cancelled"]);
  });
});
