import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import type { SDKMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { query } from "../src/query/index.ts";

/**
 * `request_user_dialog` is a control request Claude Code sends for a blocking dialog the host renders
 * (`parley run` asks none). The CLI here is a script speaking the control protocol as Claude Code does: it
 * answers `initialize`, asks one dialog when the prompt arrives, and reports the host's answer (or that
 * none came) as its result, with no timing involved.
 */
function dialogAskingCli(waitsFor: "the answer" | "a later request's answer"): {
  process: object;
  answers: unknown[];
} {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const child = Object.assign(new EventEmitter(), {
    stdin,
    stdout,
    stderr: new PassThrough(),
    killed: false,
    exitCode: null,
    kill: () => {
      stdout.end();
      child.emit("exit", 0, null);
      return true;
    },
  });
  // Claude Code exits once its input ends.
  stdin.on("end", () => child.kill());
  const answers: unknown[] = [];
  const send = (frame: object) => stdout.write(`${JSON.stringify(frame)}\n`);
  const result = (text: string) =>
    send({
      type: "result",
      subtype: "success",
      is_error: false,
      result: text,
      session_id: "s1",
      num_turns: 1,
    });
  let buffered = "";
  stdin.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      const frame = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (frame.type === "control_request" && frame.request.subtype === "initialize")
        send({
          type: "control_response",
          response: {
            subtype: "success",
            request_id: frame.request_id,
            response: { commands: [], models: [] },
          },
        });
      else if (frame.type === "user") {
        send({
          type: "control_request",
          request_id: "dialog-1",
          request: {
            subtype: "request_user_dialog",
            dialog_kind: "confirm_plan",
            payload: { plan: "Ship it" },
            tool_use_id: "t1",
          },
        });
        // A request the host answers at once: the host reads frames in order, so an answer to the dialog
        // that was coming without waiting would have come before this one's.
        send({ type: "control_request", request_id: "probe-1", request: { subtype: "ui_prompt_read" } });
      } else if (frame.type === "control_response" && frame.response.request_id === "dialog-1") {
        answers.push(frame.response);
        if (waitsFor === "the answer") result("answered");
      } else if (frame.type === "control_response" && frame.response.request_id === "probe-1") {
        if (waitsFor !== "the answer") result(answers.length > 0 ? "answered" : "no answer");
      }
    }
  });
  return { process: child, answers };
}

async function run(options: Record<string, unknown>, waitsFor: Parameters<typeof dialogAskingCli>[0]) {
  const cli = dialogAskingCli(waitsFor);
  const messages: SDKMessage[] = [];
  for await (const message of query({
    prompt: "Plan it",
    options: { ...options, spawnClaudeCodeProcess: () => cli.process as never },
  }))
    messages.push(message);
  return { result: (messages.at(-1) as { result?: string }).result, answers: cli.answers };
}

describe("query() and the CLI's request_user_dialog", () => {
  it("hands the dialog to onUserDialog and sends its answer back", async () => {
    const asked: unknown[] = [];
    const { result, answers } = await run(
      {
        onUserDialog: async (request: unknown, context: { requestId: string }) => {
          asked.push({ request, requestId: context.requestId });
          return { behavior: "accepted", value: "yes" };
        },
      },
      "the answer",
    );
    expect(asked).toEqual([
      {
        request: { dialogKind: "confirm_plan", payload: { plan: "Ship it" }, toolUseID: "t1" },
        requestId: "dialog-1",
      },
    ]);
    expect(answers).toEqual([
      { subtype: "success", request_id: "dialog-1", response: { behavior: "accepted", value: "yes" } },
    ]);
    expect(result).toBe("answered");
  });

  it("leaves the dialog unanswered without a handler, as the official SDK does, for another client to settle", async () => {
    const { result, answers } = await run({}, "a later request's answer");
    expect(answers).toEqual([]);
    expect(result).toBe("no answer");
  });
});
