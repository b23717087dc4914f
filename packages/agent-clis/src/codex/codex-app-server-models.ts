import type { CliModel } from "@parley/protocol";
import { COMMAND_TIMEOUT_MS } from "../agent-cli.ts";
import { startCliProcess } from "../cli-process.ts";
import { asRecord, asRecords, asString, parseJsonLine } from "../json-line.ts";
import { describeFailure } from "../run-cli.ts";

/** The requests that ask `codex app-server` for its models: JSON-RPC over stdin, one per line. */
const REQUESTS = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { clientInfo: { name: "parley", version: "1" } } },
  { jsonrpc: "2.0", method: "initialized" },
  { jsonrpc: "2.0", id: 2, method: "model/list", params: {} },
];

/**
 * The models Codex offers, from `codex app-server`'s `model/list` (what its own model picker shows), and the
 * one it marks as its default. The server answers only while its input is open, so it is kept open until the
 * answer comes, then the process is stopped.
 */
export async function codexAppServerModels(options: {
  command: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}): Promise<{ models: CliModel[]; defaultModel: string | null } | { failure: string }> {
  const process = startCliProcess({
    ...options,
    args: ["app-server"],
    conversation: true,
    timeoutMs: COMMAND_TIMEOUT_MS,
  });
  process.input.write(`${REQUESTS.map((request) => JSON.stringify(request)).join("\n")}\n`);
  let answer: Record<string, unknown> | undefined;
  for await (const line of process.lines) {
    const message = parseJsonLine(line);
    if (message?.id !== 2) continue;
    answer = message;
    break;
  }
  process.input.end();
  process.stop();
  const exit = await process.exit;
  const error = asString(asRecord(answer?.error)?.message);
  if (answer === undefined || error !== undefined) {
    const failed = describeFailure(
      "Codex",
      { command: options.command, timeoutMs: COMMAND_TIMEOUT_MS },
      exit,
    );
    return { failure: error ?? failed ?? "Codex app-server did not answer model/list" };
  }
  const listed = asRecords(asRecord(answer.result)?.data).filter((model) => model.hidden !== true);
  const models = listed.flatMap((model): CliModel[] => {
    const id = asString(model.model) ?? asString(model.id);
    const name = asString(model.displayName);
    const description = asString(model.description);
    return id === undefined ? [] : [{ id, ...(name && { name }), ...(description && { description }) }];
  });
  const defaultModel = listed.find((model) => model.isDefault === true);
  return { models, defaultModel: defaultModel ? (asString(defaultModel.model) ?? null) : null };
}
