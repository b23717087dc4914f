import { realpath } from "node:fs/promises";
import type { AgentContext, ClientCapabilities } from "@agentclientprotocol/sdk";
import {
  applyEdit,
  bashTool,
  confinePath,
  type EditInput,
  type EngineTool,
  editOutput,
  editTool,
  readTool,
  writeTool,
} from "@parley/engine";

/** Lines a read through the editor returns when the model gives no `limit` (as Parley's own `Read`). */
const READ_DEFAULT_LIMIT = 2000;
/** Output a command run in the editor's terminal may keep (the editor cuts from the start beyond it). */
const TERMINAL_OUTPUT_BYTES = 30_000;

/** What the editor-backed tools need: the editor's connection, its session and the project. */
export interface EditorToolsContext {
  client: AgentContext;
  sessionId: string;
  capabilities: ClientCapabilities;
  /** Shows an editor terminal under the tool call that runs in it. */
  showTerminal(toolCallId: string, terminalId: string): Promise<void>;
}

/**
 * Parley's file and shell tools served by the editor where it offers to: `Read` through
 * `fs/read_text_file` (so unsaved edits are seen), `Write` and `Edit` through `fs/write_text_file` (into
 * the editor's buffers), `Bash` in an editor terminal. Each keeps its name, input, permission rules and
 * confinement: a path is checked against the project before the editor is asked anything.
 */
export function editorTools(context: EditorToolsContext): EngineTool[] {
  const { fs, terminal } = context.capabilities;
  const tools: EngineTool[] = [];
  if (fs?.readTextFile) tools.push(editorRead(context));
  if (fs?.writeTextFile) tools.push(editorWrite(context));
  if (fs?.readTextFile && fs.writeTextFile) tools.push(editorEdit(context));
  if (terminal) tools.push(editorBash(context));
  return tools;
}

type Input = Record<string, unknown>;

function editorRead({ client, sessionId }: EditorToolsContext): EngineTool {
  return {
    ...readTool,
    execute: async (raw, toolContext) => {
      const input = raw as Input & { file_path: string; offset?: number; limit?: number };
      const confined = await confinePath(toolContext.cwd, input.file_path, { intent: "read" });
      if (confined.kind === "directory")
        throw new Error(`${input.file_path} is a directory; use LS to list it.`);
      const line = input.offset ?? 1;
      const { content } = await client.request(
        "fs/read_text_file",
        { sessionId, path: confined.absolute, line, limit: input.limit ?? READ_DEFAULT_LIMIT },
        { cancellationSignal: toolContext.signal },
      );
      if (content === "") return `${input.file_path} is empty.`;
      return content
        .replace(/\n$/, "")
        .split("\n")
        .map((text, index) => `${String(line + index).padStart(6)}\t${text}`)
        .join("\n");
    },
  };
}

function editorWrite({ client, sessionId }: EditorToolsContext): EngineTool {
  return {
    ...writeTool,
    execute: async (raw, toolContext) => {
      const input = raw as Input & { file_path: string; content: string };
      const confined = await confinePath(toolContext.cwd, input.file_path, { intent: "write" });
      if (confined.kind === "directory") throw new Error(`${input.file_path} is a directory, not a file.`);
      await client.request(
        "fs/write_text_file",
        { sessionId, path: confined.absolute, content: input.content },
        { cancellationSignal: toolContext.signal },
      );
      const bytes = Buffer.byteLength(input.content, "utf8");
      return {
        content: `${confined.kind === undefined ? "Created" : "Updated"} ${input.file_path} (${bytes} bytes).`,
        data: { type: confined.kind === undefined ? "create" : "update", filePath: confined.relative, bytes },
      };
    },
  };
}

function editorEdit({ client, sessionId }: EditorToolsContext): EngineTool {
  return {
    ...editTool,
    execute: async (raw, toolContext) => {
      const input = raw as EditInput;
      if (input.old_string === input.new_string) {
        throw new Error("old_string and new_string are the same; there is nothing to change.");
      }
      const confined = await confinePath(toolContext.cwd, input.file_path, { intent: "write" });
      if (confined.kind !== "file") {
        throw new Error(`File does not exist: ${input.file_path}. Use Write to create it.`);
      }
      const signal = { cancellationSignal: toolContext.signal };
      const { content } = await client.request(
        "fs/read_text_file",
        { sessionId, path: confined.absolute },
        signal,
      );
      const edit = applyEdit(content, input);
      await client.request(
        "fs/write_text_file",
        { sessionId, path: confined.absolute, content: edit.text },
        signal,
      );
      return editOutput(input.file_path, confined.relative, edit.occurrences);
    },
  };
}

function editorBash({ client, sessionId, showTerminal }: EditorToolsContext): EngineTool {
  return {
    ...bashTool,
    execute: async (raw, toolContext) => {
      const input = raw as Input & { command: string };
      const terminal = await client.createTerminal({
        sessionId,
        command: "/bin/sh",
        args: ["-c", input.command],
        cwd: await realpath(toolContext.cwd),
        outputByteLimit: TERMINAL_OUTPUT_BYTES,
      });
      await showTerminal(toolContext.toolUseId, terminal.id);
      const kill = () => void terminal.kill().catch(() => {});
      toolContext.signal.addEventListener("abort", kill, { once: true });
      try {
        const exit = await terminal.waitForExit();
        const { output, truncated } = await terminal.currentOutput();
        const notes = toolContext.signal.aborted
          ? ["[The command was cancelled.]"]
          : exit.exitCode === 0
            ? []
            : [
                exit.exitCode == null
                  ? `[Killed by ${exit.signal ?? "a signal"}]`
                  : `[Exit code ${exit.exitCode}]`,
              ];
        const text = [
          output === "" && notes.length === 0 ? "(no output)" : output.replace(/\n$/, ""),
          ...notes,
        ]
          .filter((part) => part !== "")
          .join("\n");
        return {
          content: text,
          isError: toolContext.signal.aborted || exit.exitCode !== 0,
          data: { exitCode: exit.exitCode ?? null, signal: exit.signal ?? null, outputTruncated: truncated },
        };
      } finally {
        toolContext.signal.removeEventListener("abort", kill);
        await terminal.release().catch(() => {});
      }
    },
  };
}
