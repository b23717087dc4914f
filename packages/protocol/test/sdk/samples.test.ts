import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeSdkMessage, type SdkDecodeResult } from "../../src/index.ts";

// Verbatim captures of the real claude CLI (2.1.197 and 2.1.330), of the official SDK driving it,
// and of the SDK driving a third-party CLI (copied from shared/reference/samples).
const directory = join(import.meta.dirname, "..", "fixtures", "sdk", "samples");
const HTTP_SUMMARIES = "claude-api-requests-seen-by-fake-server.jsonl";

interface Frame {
  file: string;
  line: number;
  value: unknown;
}

/**
 * The SDK frames of one sample: plain stdout lines are frames themselves; raw transcripts wrap the
 * exact line as `{dir: "in"|"out", line}`; ordered SDK transcripts wrap the parsed frame as
 * `{dir: "host->cli"|"cli->host", msg}`. Notes, argv, EOF and exit records are not frames.
 */
function framesOf(file: string): Frame[] {
  const lines = readFileSync(join(directory, file), "utf8").split("\n");
  return lines.flatMap((text, index) => {
    if (text.trim() === "") return [];
    const record = JSON.parse(text) as Record<string, unknown>;
    const line = index + 1;
    if (record.dir === "in" || record.dir === "out") return [{ file, line, value: record.line }];
    if (record.dir === "host->cli" || record.dir === "cli->host") {
      return "msg" in record ? [{ file, line, value: record.msg }] : [];
    }
    if ("dir" in record || !("type" in record)) return [];
    return [{ file, line, value: text }];
  });
}

const files = readdirSync(directory).filter((name) => name.startsWith("claude-") && name.endsWith(".jsonl"));
const frameFiles = files.filter((name) => name !== HTTP_SUMMARIES);
const frames = frameFiles.flatMap(framesOf);
const decoded = frames.map((frame) => ({ ...frame, result: decodeSdkMessage(frame.value) }));

function label(result: SdkDecodeResult): string {
  if (result.kind === "message") return result.message.type;
  if (result.kind === "control") return result.frame.type;
  if (result.kind === "unknown") return `${result.type}/${result.subtype}`;
  return "invalid";
}

describe("captured claude CLI and SDK transcripts", () => {
  it("yield every frame of the 13 transcripts (103 lines less argv, EOF, exit and note records)", () => {
    expect(frameFiles.length).toBe(13);
    expect(frames.length).toBe(98);
  });

  it("decode on every line, in both directions, with no invalid frame", () => {
    const invalid = decoded
      .filter(({ result }) => result.kind === "invalid")
      .map(
        ({ file, line, result }) =>
          `${file}:${line} ${result.kind === "invalid" ? result.error.message : ""}`,
      );
    expect(invalid).toEqual([]);
  });

  it("class as unknown only the undeclared command_lifecycle frames and the deliberately unsupported subtype", () => {
    const unknown = new Set(
      decoded.filter(({ result }) => result.kind === "unknown").map(({ result }) => label(result)),
    );
    expect([...unknown].sort()).toEqual(["command_lifecycle/undefined", "control_request/no_such_subtype"]);
  });

  it("cover the messages and control frames a normal run produces", () => {
    const seen = new Set(
      decoded.map(({ result }) =>
        result.kind === "message" && result.message.type === "system"
          ? `system/${result.message.subtype}`
          : result.kind === "message" && result.message.type === "result"
            ? `result/${result.message.subtype}`
            : label(result),
      ),
    );
    for (const kind of [
      "system/init",
      "system/api_retry",
      "system/session_state_changed",
      "assistant",
      "user",
      "result/success",
      "result/error_max_turns",
      "result/error_during_execution",
      "control_request",
      "control_response",
      "control_cancel_request",
      "keep_alive",
    ]) {
      expect(seen).toContain(kind);
    }
  });

  it("tell replayed user messages from fresh ones by isReplay", () => {
    const replays = decoded.filter(
      ({ result }) =>
        result.kind === "message" && result.message.type === "user" && "isReplay" in result.message,
    );
    expect(replays.length).toBeGreaterThan(0);
    for (const { result } of replays) {
      expect(result.kind === "message" && result.message.type === "user" && result.message.isReplay).toBe(
        true,
      );
    }
  });

  it("keep undeclared fields such as sdk_host_only and tool_result_meta", () => {
    const stateChange = decoded.find(
      ({ result }) =>
        result.kind === "message" &&
        result.message.type === "system" &&
        result.message.subtype === "session_state_changed",
    );
    expect(stateChange?.result).toMatchObject({ message: { sdk_host_only: true } });
    const toolResult = decoded.find(
      ({ result }) =>
        result.kind === "message" && result.message.type === "user" && "tool_result_meta" in result.message,
    );
    expect(toolResult).toBeDefined();
  });
});

describe("the fake model server's HTTP request log", () => {
  // This file records HTTP requests the CLI made to the Messages API (method, url, headers, body key
  // summaries), not stdio frames, so it is not part of the SDK protocol.
  const records = readFileSync(join(directory, HTTP_SUMMARIES), "utf8")
    .split("\n")
    .filter((text) => text.trim() !== "")
    .map((text) => JSON.parse(text) as Record<string, unknown>);

  it("holds HTTP request summaries and no SDK frame", () => {
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record).toMatchObject({ method: expect.any(String), url: expect.any(String) });
      expect(record).not.toHaveProperty("type");
    }
  });

  it("is reported as invalid (no message type) rather than mistaken for a frame", () => {
    for (const record of records) {
      expect(decodeSdkMessage(record)).toMatchObject({
        kind: "invalid",
        error: { issues: [{ path: "type" }] },
      });
    }
  });
});
