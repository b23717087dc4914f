import { PARLEY_VERSION } from "@parley/engine";
import type { ChatResponse } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { apiRoutes } from "../../src/http/app.ts";
import type { RouteDefinition } from "../../src/http/route.ts";
import type { EventStream } from "./event-stream.ts";
import { waitForOutcome } from "./server-events.ts";
import type { TestServer } from "./test-server.ts";

/** A route's name in the route tables: `METHOD /path/:param`. */
function routeKey(route: Pick<RouteDefinition, "method" | "path">): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** Every route the server registers, by key: the list the route tables must cover. */
export function routesByKey(server: TestServer): Map<string, RouteDefinition> {
  return new Map(apiRoutes(server.server.context, PARLEY_VERSION).map((route) => [routeKey(route), route]));
}

/** Data the route tests refer to: a session with one completed run, and a question waiting for its answer. */
export interface RouteFixture {
  sessionId: string;
  runId: string;
  questionId: string;
}

/**
 * Runs one message to completion and records an AskUser question for it. The question is written to the
 * store directly, with no run waiting on it and no source, so answering it records the answer and adds it
 * to the chat without starting anything (tool and text questions are covered in questions.test.ts).
 */
export async function createRouteFixture(server: TestServer, events: EventStream): Promise<RouteFixture> {
  server.fake.script(reply().text("Hello from the fixture."));
  const chat = await server.json<ChatResponse>("POST", "/api/chat", { text: "Fixture message" });
  const runId = chat.run_id as string;
  await waitForOutcome(events, runId);
  const questionId = `question_${runId}`;
  const { store } = server.server.context;
  store.transaction(() =>
    store.questions.ask({
      question_id: questionId,
      session_id: chat.session_id,
      agent_id: "main",
      run_id: runId,
      questions: [
        {
          question: "Which database?",
          options: [
            { label: "SQLite", value: "sqlite" },
            { label: "PostgreSQL", value: "postgres" },
          ],
        },
        { question: "Anything else?", options: [], allow_free_text: true },
      ],
      asked_at_ms: Date.now(),
    }),
  );
  return { sessionId: chat.session_id, runId, questionId };
}
