import { describe, expect, it } from "vitest";
import { type EngineMessage, runAgentTurn } from "../src/index.ts";
import { sequentialIds } from "./helpers.ts";

describe("a model response that comes after its turn was cancelled", () => {
  it("is cancelled when it comes, not left open", async () => {
    let respond: (value: { stream: ReadableStream }) => void = () => {};
    let called: () => void = () => {};
    const calledOnce = new Promise<void>((resolve) => {
      called = resolve;
    });
    const cancelled: unknown[] = [];
    // A provider that ignores its abort signal and answers late.
    const model = {
      specificationVersion: "v3",
      provider: "late",
      modelId: "late",
      supportedUrls: {},
      doGenerate: async () => {
        throw new Error("not used");
      },
      doStream: () => {
        called();
        return new Promise((resolve) => {
          respond = resolve;
        });
      },
    };
    const abort = new AbortController();
    const turn = (async () => {
      const messages: EngineMessage[] = [];
      for await (const message of runAgentTurn({
        sessionId: "s",
        history: [],
        prompt: "hi",
        cwd: "/",
        model: {
          kind: "anthropic",
          provider: "anthropic",
          model: "m",
          apiKey: "k",
          apiKeySource: "env",
          source: "override",
        },
        createModel: () => model,
        idGenerator: sequentialIds(),
        sleep: async () => {},
        random: () => 0,
        signal: abort.signal,
      } as never))
        messages.push(message);
      return messages;
    })();
    await calledOnce;
    abort.abort();
    const messages = await turn;
    expect(messages.at(-1)).toMatchObject({ type: "result" });

    respond({ stream: new ReadableStream({ cancel: (reason) => void cancelled.push(reason) }) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(cancelled).toHaveLength(1);
  });
});
