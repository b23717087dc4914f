import { realpath } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";
import { confinePath, isInside, openConfinedForRead, type PermissionPolicy } from "@parley/engine";

/** What `read_file` answers: the SDK's `SDKControlReadFileResponse`. */
export interface ReadFileAnswer {
  contents: string;
  absPath: string;
  truncated?: boolean;
  encoding?: "base64";
  lossy?: boolean;
}

/** The official CLI's cap when the host gives none. */
const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * `read_file`: a file of the project (or an `--add-dir` directory) for the host's viewer, under the rules
 * the Read tool follows: the path is confined as the file tools confine it, and a read a rule denies (or would
 * ask a person about, which no one is there to answer) is refused with the policy's reason.
 */
export async function readFileForHost(
  request: Record<string, unknown>,
  policy: PermissionPolicy,
  additionalDirectories: readonly string[],
): Promise<ReadFileAnswer> {
  if (typeof request.path !== "string" || request.path === "")
    throw new Error("read_file: path must be a non-empty string");
  const path = await withinProject(policy.projectRoot, request.path);
  const decision = await policy.check({
    toolName: "Read",
    input: { file_path: path },
    access: { kind: "read", path },
  });
  if (decision.behavior === "deny") throw new Error(`read_file: ${decision.message}`);
  if (decision.behavior === "ask")
    throw new Error(`read_file: reading ${path} needs approval: ${decision.reason}`);
  const confined = await confinePath(policy.projectRoot, path, {
    intent: "read",
    additionalRoots: additionalDirectories,
  });
  const maxBytes =
    typeof request.max_bytes === "number" && request.max_bytes > 0
      ? Math.floor(request.max_bytes)
      : DEFAULT_MAX_BYTES;
  const handle = await openConfinedForRead(confined, path);
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    const truncated = size > bytesRead;
    if (request.encoding === "base64")
      return {
        contents: bytes.toString("base64"),
        absPath: confined.absolute,
        truncated,
        encoding: "base64",
      };
    return { contents: bytes.toString("utf8"), absPath: confined.absolute, truncated, lossy: !isUtf8(bytes) };
  } finally {
    await handle.close();
  }
}

/** An absolute path inside the project, as the project-relative path the file tools take. */
async function withinProject(projectRoot: string, path: string): Promise<string> {
  if (!isAbsolute(path)) return path;
  for (const root of [projectRoot, await realpath(projectRoot)]) {
    if (isInside(root, path)) return relative(root, path).split(sep).join("/") || ".";
  }
  return path;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
