import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { projectDirectory } from "./project-directory.ts";
import { writeFileAtomic } from "./write-file-atomic.ts";

/** Where a running server can be reached, as local tools of the same user find it. */
export interface ServerAddress {
  url: string;
  token: string;
}

const FILE = "server.json";

/** Records the running server's address (mode 0600) next to its token; returns the function that removes it. */
export function recordServerAddress(dataDirectory: string, url: string): () => void {
  const file = join(dataDirectory, FILE);
  // No fsync: after a power loss no server runs, and a reader checks the recorded pid anyway. Two fsyncs
  // stood between a start and its first answer.
  writeFileAtomic(file, `${JSON.stringify({ url, pid: process.pid })}\n`, 0o600, { durable: false });
  return () => rmSync(file, { force: true });
}

/**
 * The server serving `projectRoot` from `home`, when one runs: its address and bearer token, read from the
 * project's data directory. Undefined when none was recorded or its process is gone (killed with -9).
 */
export function findRunningServer(home: string, projectRoot: string): ServerAddress | undefined {
  const directory = projectDirectory(home, projectRoot);
  const file = join(directory, FILE);
  if (!existsSync(file)) return undefined;
  try {
    const { url, pid } = JSON.parse(readFileSync(file, "utf8")) as { url?: unknown; pid?: unknown };
    if (typeof url !== "string" || typeof pid !== "number") return undefined;
    process.kill(pid, 0);
    return { url, token: readFileSync(join(directory, "token"), "utf8").trim() };
  } catch {
    return undefined;
  }
}
