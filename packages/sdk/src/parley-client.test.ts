import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-request-error.ts";
import { ParleyClient } from "./parley-client.ts";

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch answering every request with one scripted response, recording what was sent. */
function scriptedFetch(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push({ url: String(input), init: init ?? {} });
    return answer();
  };
  return { sent, fetch };
}

/** The headers a recorded request was sent with. */
const headersOf = (request: Sent | undefined) => (request?.init.headers ?? {}) as Record<string, string>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("ParleyClient", () => {
  it("sends same-origin requests with cookies by default, and a bearer token with a base URL for Node", async () => {
    const browser = scriptedFetch(() => json(200, { ok: true }));
    await new ParleyClient({ fetch: browser.fetch }).health();
    expect(browser.sent[0]?.url).toBe("/api/health");
    expect(browser.sent[0]?.init.credentials).toBe("same-origin");
    expect(headersOf(browser.sent[0]).authorization).toBeUndefined();

    const node = scriptedFetch(() => json(200, { sessions: [] }));
    await new ParleyClient({
      fetch: node.fetch,
      baseUrl: "http://127.0.0.1:4317/",
      token: () => "t0ken",
    }).listSessions();
    expect(node.sent[0]?.url).toBe("http://127.0.0.1:4317/api/sessions");
    expect(headersOf(node.sent[0]).authorization).toBe("Bearer t0ken");
  });

  it("refuses an invalid request before sending it, in the server's error shape", async () => {
    const { sent, fetch } = scriptedFetch(() => json(200, {}));
    const client = new ParleyClient({ fetch });
    const error = await client.chat({ text: "   " }).catch((caught: unknown) => caught);

    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: "invalid_request", retryable: false });
    expect((error as ApiRequestError).body?.error.issues?.[0]?.path).toBe("body.text");
    await expect(client.getSessionState("../../etc")).rejects.toMatchObject({ code: "invalid_request" });
    expect(sent).toEqual([]);
  });

  it("turns an error response into an ApiRequestError with the status and the server's body", async () => {
    const body = {
      error: { code: "conflict", message: "this question was already answered", details: { answers: ["a"] } },
    };
    const { fetch } = scriptedFetch(() => json(409, body));
    const error = await new ParleyClient({ fetch })
      .answerQuestion("q1", ["b"])
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 409, code: "conflict", body, retryable: false });
    expect((error as Error).message).toContain("this question was already answered");
  });

  it("marks network failures and unavailable servers as retryable, and odd responses as invalid", async () => {
    const offline = new ParleyClient({
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(offline.listSessions()).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      retryable: true,
    });

    const busy = new ParleyClient({ fetch: async () => new Response("upstream gone", { status: 503 }) });
    await expect(busy.listSessions()).rejects.toMatchObject({
      status: 503,
      code: "unavailable",
      retryable: true,
    });

    const odd = new ParleyClient({ fetch: async () => json(200, { sessions: "nope" }) });
    await expect(odd.listSessions()).rejects.toMatchObject({ status: 200, code: "invalid_response" });
  });

  it("puts paging and cursors in the query string", async () => {
    const { sent, fetch } = scriptedFetch(() => json(200, { messages: [], has_more_messages: false }));
    await new ParleyClient({ fetch }).getMessages("ses_1", { beforePosition: 40, limit: 20 });
    expect(sent[0]?.url).toBe("/api/sessions/ses_1/messages?before_position=40&limit=20");

    const events = scriptedFetch(() => new Response("retry: 1000\n\n", { status: 200 }));
    const response = await new ParleyClient({ fetch: events.fetch }).openEvents({ after: 12 });
    expect(events.sent[0]?.url).toBe("/api/events?after=12");
    expect(headersOf(events.sent[0]).accept).toBe("text/event-stream");
    expect(await response.text()).toBe("retry: 1000\n\n");
  });
});
