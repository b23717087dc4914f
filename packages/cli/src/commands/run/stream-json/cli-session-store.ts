import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SavedCheckpoints } from "@parley/engine";
import type { MessageParam } from "@parley/protocol";

/** What a session id may be: it names files. */
const SESSION_ID = /^[\w-]{1,100}$/;
/** The file beside a session's that keeps its file checkpoints. */
const CHECKPOINTS_SUFFIX = ".checkpoints.json";

/** A headless session as `parley run` keeps it, so `--resume` and `--continue` can pick it up. */
export interface StoredCliSession {
  session_id: string;
  cwd: string;
  updated_at_ms: number;
  history: MessageParam[];
  /** `acp`: an editor's thread over `parley acp`, which a Parley server of its project shows as it goes. */
  origin?: "acp";
}

/**
 * `parley run`'s conversations, one JSON file each under `PARLEY_HOME/cli-sessions/`, written atomically
 * after every turn (the server keeps its own sessions in SQLite; these are the CLI's, as Claude Code keeps
 * its transcripts per project).
 */
export class CliSessionStore {
  readonly #directory: string;

  constructor(home: string) {
    this.#directory = join(home, "cli-sessions");
  }

  save(session: StoredCliSession): Promise<void> {
    return this.#writeWhole(this.#file(session.session_id), session);
  }

  /** Keeps a session's file checkpoints beside it (`<id>.checkpoints.json`), written only when they change. */
  saveCheckpoints(sessionId: string, saved: SavedCheckpoints): Promise<void> {
    return this.#writeWhole(this.#checkpointsFile(sessionId), saved);
  }

  /** A session's file checkpoints as parsed JSON, unchecked (`savedCheckpointsFor` checks them); undefined when none. */
  async loadCheckpoints(sessionId: string): Promise<unknown> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return JSON.parse(await readFile(this.#checkpointsFile(sessionId), "utf8"));
    } catch {
      return undefined;
    }
  }

  /** The session with this id; undefined when there is none (or its file is unreadable). */
  async load(sessionId: string): Promise<StoredCliSession | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return JSON.parse(await readFile(this.#file(sessionId), "utf8")) as StoredCliSession;
    } catch {
      return undefined;
    }
  }

  /** The most recently used session of a working directory (`--continue`). */
  async latest(cwd: string): Promise<StoredCliSession | undefined> {
    return (await this.list(cwd))[0];
  }

  /** The stored sessions (of one working directory, when given), most recently used first. */
  async list(cwd?: string): Promise<StoredCliSession[]> {
    const names = await readdir(this.#directory).catch(() => [] as string[]);
    const sessions: StoredCliSession[] = [];
    for (const name of names) {
      if (!name.endsWith(".json") || name.endsWith(CHECKPOINTS_SUFFIX)) continue;
      const session = await this.load(name.slice(0, -".json".length));
      if (session !== undefined && (cwd === undefined || session.cwd === cwd)) sessions.push(session);
    }
    return sessions.sort((a, b) => b.updated_at_ms - a.updated_at_ms);
  }

  #file(sessionId: string): string {
    return join(this.#directory, `${sessionId}.json`);
  }

  #checkpointsFile(sessionId: string): string {
    return join(this.#directory, `${sessionId}${CHECKPOINTS_SUFFIX}`);
  }

  /** Writes `value` as JSON to `file` whole or not at all (a temporary file renamed over it), for its owner only. */
  async #writeWhole(file: string, value: unknown): Promise<void> {
    await mkdir(this.#directory, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600 });
    await rename(temporary, file);
  }
}
