import { realpath } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";
import {
  type ReadTextFileRequest,
  type ReadTextFileResponse,
  RequestError,
  type WriteTextFileRequest,
  type WriteTextFileResponse,
} from "@agentclientprotocol/sdk";
import { confinePath, openConfinedForRead, writeConfinedFile } from "@parley/engine";

/** The most of one file an agent may read through `fs/read_text_file`. */
const READ_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Serves an ACP agent's `fs/read_text_file` and `fs/write_text_file` inside the project only, with the same
 * confinement as Parley's own file tools (no `..`, no symlink out, no device files, no write through a hard
 * link). ACP paths are absolute; one outside the project is an "invalid params" error and nothing is touched.
 */
export class AcpProjectFiles {
  readonly #project: string;
  /** The project's real path, found once: agents often send paths through it (a symlinked checkout). */
  #realProject: Promise<string> | undefined;

  constructor(project: string) {
    this.#project = project;
  }

  async read(request: ReadTextFileRequest): Promise<ReadTextFileResponse> {
    const confined = await this.#confine(request.path, "read");
    // Agents check whether a file exists by reading it: a missing one is "resource not found", not a failure.
    if (confined.kind === undefined) throw RequestError.resourceNotFound(request.path);
    if (confined.kind === "directory")
      throw RequestError.invalidParams({ path: request.path }, `${request.path} is a directory`);
    const handle = await openConfinedForRead(confined, request.path);
    try {
      const size = (await handle.stat()).size;
      if (size > READ_LIMIT_BYTES)
        throw RequestError.invalidParams({ path: request.path }, `the file is ${size} bytes, over the limit`);
      const content = await handle.readFile("utf8");
      return { content: linesOf(content, request.line, request.limit) };
    } finally {
      await handle.close();
    }
  }

  async write(request: WriteTextFileRequest): Promise<WriteTextFileResponse> {
    const confined = await this.#confine(request.path, "write");
    await writeConfinedFile(confined, request.content, request.path);
    return {};
  }

  async #confine(path: string, intent: "read" | "write") {
    const inside = await this.#relative(path);
    try {
      return await confinePath(this.#project, inside, { intent });
    } catch (error) {
      throw RequestError.invalidParams({ path }, (error as Error).message);
    }
  }

  /** The path relative to the project, accepting it as given or through the project's real path. */
  async #relative(path: string): Promise<string> {
    if (!isAbsolute(path)) throw RequestError.invalidParams({ path }, "ACP paths must be absolute");
    this.#realProject ??= realpath(this.#project);
    for (const root of [this.#project, await this.#realProject]) {
      const inside = relative(root, path);
      if (inside === "") return ".";
      if (inside.split(sep)[0] !== ".." && !isAbsolute(inside)) return inside;
    }
    throw RequestError.invalidParams({ path }, `${path} is outside the project ${this.#project}`);
  }
}

/** `limit` lines from line `line` (1-based), as ACP's read asks; the whole text without them. */
function linesOf(content: string, line?: number | null, limit?: number | null): string {
  if (line == null && limit == null) return content;
  const lines = content.split("\n");
  const start = Math.max(0, (line ?? 1) - 1);
  return lines.slice(start, limit == null ? undefined : start + limit).join("\n");
}
