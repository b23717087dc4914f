import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectFakeModelServer,
  type FakeModelServerClient,
  iterateSseEvents,
  readSseEvents,
  reply,
  waitFor,
} from "../src/index.ts";
import { anthropicRequest, openaiRequest, postJson } from "./http.ts";

const bin = fileURLToPath(new URL("../src/bin/fake-model-server.ts", import.meta.url));
const scriptFile = fileURLToPath(new URL("./fixtures/cli-script.json", import.meta.url));

let child: ChildProcess;
let client: FakeModelServerClient;
let started: { url: string; anthropicBaseUrl: string; openaiBaseUrl: string };

beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", bin, "--port", "0", "--script", scriptFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, "line")) as [string];
  started = JSON.parse(line);
  client = connectFakeModelServer(started.url);
});

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
});

describe("the fake model server as a separate process", () => {
  it("prints its URLs on one JSON line and answers from the --script file", async () => {
    const response = await postJson(
      `${started.anthropicBaseUrl}/messages`,
      anthropicRequest({ stream: false }),
    );

    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started.openaiBaseUrl).toBe(`${started.url}/v1`);
    expect(await response.json()).toMatchObject({
      content: [{ type: "text", text: "hello from the script file" }],
    });
  });

  it("keeps the file's rules standing", async () => {
    const body = openaiRequest({ stream: false, messages: [{ role: "user", content: "please RUN_TOOL" }] });

    const response = await postJson(`${started.openaiBaseUrl}/chat/completions`, body);

    expect(await response.json()).toMatchObject({
      choices: [
        {
          message: { tool_calls: [{ function: { name: "Bash", arguments: '{"command":"echo tool-ok"}' } }] },
        },
      ],
    });
  });

  it("takes scripts, gate releases and waits over the control endpoints", async () => {
    await client.reset();
    await client.script(reply().text("before").gate("reload").text(" after"));

    const events = iterateSseEvents(
      await postJson(`${started.anthropicBaseUrl}/messages`, anthropicRequest()),
    );
    await waitFor(events, (event) => event.data.includes("before"));
    await client.waitForGate("reload", 0);
    await client.release("reload");
    const rest = [];
    for await (const event of events) rest.push(event);

    expect(rest.map((event) => event.event)).toContain("message_stop");
    expect(await client.waitForResponseEnd(0)).toBe("completed");
    const [recorded] = await client.requests();
    expect(recorded).toMatchObject({
      index: 0,
      route: "anthropic_messages",
      answeredBy: "queue",
      outcome: "completed",
    });
  });

  it("waits for a request that has not arrived yet", async () => {
    await client.reset();
    await client.when({ api: "openai" }, reply().text("ruled"), { times: 1 });

    const arrival = client.waitForRequest(0);
    const events = await readSseEvents(
      await postJson(`${started.openaiBaseUrl}/chat/completions`, openaiRequest()),
    );

    expect((await arrival).body).toMatchObject({ model: "gpt-fake" });
    expect(events.some((event) => event.data.includes('"content":"ruled"'))).toBe(true);
  });

  it("rejects a malformed script with a 400 that names the bad field", async () => {
    const response = await postJson(`${started.url}/__testkit/script`, {
      responses: [{ kind: "reply", steps: "nope" }],
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining("responses.0") });
  });

  it("stops cleanly on SIGTERM", async () => {
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");

    expect(code).toBe(0);
  });
});
