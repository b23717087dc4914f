import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeModelServer, httpError, lastUserText, reply, startFakeModelServer } from "../src/index.ts";
import { anthropicRequest, openaiRequest, postJson } from "./http.ts";

let server: FakeModelServer;
beforeEach(async () => {
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
});

const messagesUrl = () => `${server.url}/v1/messages`;
const completionsUrl = () => `${server.url}/v1/chat/completions`;
const textOf = async (response: Response) =>
  ((await response.json()) as { content: Array<{ text: string }> }).content
    .map((block) => block.text)
    .join("");

describe("recorded requests", () => {
  it("records method, url, headers and the parsed JSON body of every request", async () => {
    server.script(reply().text("ok"));
    const body = anthropicRequest({ stream: false, messages: [{ role: "user", content: "list files" }] });

    await postJson(`${messagesUrl()}?beta=true`, body, { headers: { "x-api-key": "sk-test" } });

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      index: 0,
      method: "POST",
      url: "/v1/messages?beta=true",
      path: "/v1/messages",
      headers: { "x-api-key": "sk-test", "content-type": "application/json" },
      body,
      rawBody: JSON.stringify(body),
      route: "anthropic_messages",
      answeredBy: "queue",
      status: 200,
      outcome: "completed",
    });
  });

  it("consumes queued responses in order, one per request, whichever route asks", async () => {
    server.script(reply().text("first"), httpError(429), reply().text("third"));

    const first = await postJson(messagesUrl(), anthropicRequest({ stream: false }));
    const second = await postJson(completionsUrl(), openaiRequest({ stream: false }));
    const third = await postJson(messagesUrl(), anthropicRequest({ stream: false }));

    expect(await textOf(first)).toBe("first");
    expect(second.status).toBe(429);
    expect(await textOf(third)).toBe("third");
    expect(server.pendingResponses).toBe(0);
  });

  it("forgets scripts and requests on reset", async () => {
    server.script(reply().text("stale"));
    await postJson(`${server.url}/v1/models`, {});

    server.reset();
    const response = await postJson(messagesUrl(), anthropicRequest({ stream: false }));

    expect(response.status).toBe(400);
    expect(server.requests.map((request) => request.index)).toEqual([0]);
  });
});

describe("rules", () => {
  it("answers every request whose last user message matches, before the queue", async () => {
    server.when({ lastUserTextIncludes: "RUN_TOOL" }, reply().toolCall("Bash", { command: "echo hi" }));
    server.script(reply().text("queued"));
    const ask = (text: string) =>
      postJson(
        messagesUrl(),
        anthropicRequest({ stream: false, messages: [{ role: "user", content: text }] }),
      );

    const tool1 = await (await ask("please RUN_TOOL")).json();
    const plain = await textOf(await ask("just chat"));
    const tool2 = await (await ask("RUN_TOOL again")).json();

    expect(tool1).toMatchObject({ stop_reason: "tool_use" });
    expect(plain).toBe("queued");
    expect(tool2).toMatchObject({ content: [{ type: "tool_use", name: "Bash" }] });
    expect(server.requests.map((request) => request.answeredBy)).toEqual(["rule", "queue", "rule"]);
  });

  it("stops using a rule after its allowed number of times", async () => {
    server.when({ api: "openai" }, reply().text("once"), { times: 1 });

    const first = await postJson(completionsUrl(), openaiRequest({ stream: false }));
    const second = await postJson(completionsUrl(), openaiRequest({ stream: false }));

    expect(await first.json()).toMatchObject({ choices: [{ message: { content: "once" } }] });
    expect(second.status).toBe(400);
  });

  it("can single out non-streaming side calls and text anywhere in the body", async () => {
    server.when({ stream: false }, reply().text("side call"));
    server.when({ bodyIncludes: "title generator" }, reply().text("Fake title"));
    server.script(reply().text("main"));
    const system = [
      { role: "system", content: "You are a title generator." },
      { role: "user", content: "hi" },
    ];

    const side = await postJson(messagesUrl(), anthropicRequest({ stream: false, max_tokens: 1 }));
    const title = await postJson(completionsUrl(), openaiRequest({ messages: system }));
    const main = await postJson(completionsUrl(), openaiRequest());

    expect(await textOf(side)).toBe("side call");
    expect(await title.text()).toContain('"content":"Fake title"');
    expect(await main.text()).toContain('"content":"main"');
  });
});

describe("lastUserText", () => {
  it("reads the last user message in either provider's shape, skipping tool results", () => {
    const anthropic = {
      messages: [
        { role: "user", content: "old" },
        { role: "assistant", content: [{ type: "text", text: "reply" }] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t1", content: "output" },
            { type: "text", text: "and now" },
          ],
        },
      ],
    };
    const openai = {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
      ],
    };

    expect(lastUserText(anthropic)).toBe("and now");
    expect(lastUserText(openai)).toBe("a\nb");
    expect(lastUserText({ messages: [{ role: "assistant", content: "x" }] })).toBe("");
    expect(lastUserText("not a body")).toBe("");
  });
});
