import { type FSWatcher, watch } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { claudeMessageHistory } from "@parley/agent-clis";
import type { HistoryMessage } from "@parley/protocol";
import { historyChat } from "../backends/history-chat.ts";
import type { RunContext } from "../context/run-context.ts";
import { titleFrom } from "../service/chat-sessions.ts";
import { type EditorThreadFile, readEditorThread } from "./editor-thread-file.ts";

const REASON = "An editor's thread over parley acp: the editor's permission answers decided it.";

/**
 * Shows the project's editor threads (`parley acp` sessions) in this server's session list and chat, as
 * they go. `parley acp` is their only writer: it writes a thread's file after each message of a turn, and
 * this server, the only writer of its store, follows the folder and appends what is new. The web UI can read
 * a thread but not continue it (the editor does); deleting the thread's file removes it here.
 * See docs/decisions/2026-11-27-editor-threads-in-the-web-ui.md.
 */
export class EditorThreadMirror {
  readonly #context: RunContext;
  readonly #directory: string;
  #watcher: FSWatcher | undefined;
  /** Threads whose file changed while it was being read: each is read once more, one at a time. */
  readonly #syncing = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  #closed = false;

  constructor(context: RunContext, home: string) {
    this.#context = context;
    this.#directory = join(home, "cli-sessions");
  }

  /** Mirrors every thread of the project as it is now, then follows the folder. */
  async start(): Promise<void> {
    await mkdir(this.#directory, { recursive: true, mode: 0o700 });
    try {
      this.#watcher = watch(this.#directory, (_event, name) => {
        if (name?.endsWith(".json")) void this.sync(name.slice(0, -".json".length));
      });
      this.#watcher.on("error", () => this.#watcher?.close());
    } catch {
      // No watch (the system's limit of watched folders reached): threads show as they were at start.
    }
    const names = await readdir(this.#directory).catch(() => [] as string[]);
    const threads = names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5));
    const { store, projectRoot } = this.#context;
    const known = store.sessions.mirrors(projectRoot, "acp").map((session) => session.backend_session_id);
    await Promise.all([...new Set([...threads, ...known])].map((id) => this.sync(id)));
  }

  /** Brings one thread up to date with its file (a gone file removes it); settles once it is. */
  sync(threadId: string): Promise<void> {
    const running = this.#syncing.get(threadId);
    if (running !== undefined) {
      this.#again.add(threadId);
      return running;
    }
    const next = (async () => {
      do {
        this.#again.delete(threadId);
        const thread = await readEditorThread(join(this.#directory, `${threadId}.json`));
        if (this.#closed) return;
        this.#apply(threadId, thread);
      } while (this.#again.has(threadId));
    })().finally(() => this.#syncing.delete(threadId));
    this.#syncing.set(threadId, next);
    return next;
  }

  close(): void {
    this.#closed = true;
    this.#watcher?.close();
  }

  #apply(threadId: string, thread: EditorThreadFile | "gone" | undefined): void {
    const { store, bus, projectRoot, now, newId, publisher } = this.#context;
    // Unreadable, or another project's: nothing to show, and what is shown stays.
    if (
      thread === undefined ||
      (thread !== "gone" && (thread.session_id !== threadId || thread.cwd !== projectRoot))
    ) {
      return;
    }
    store.transaction(() => {
      const mirror = store.sessions.mirrorOf(projectRoot, "acp", threadId);
      if (thread === "gone") {
        // The thread's file was deleted: it is no longer there to show.
        if (mirror !== undefined && store.deleteSession(mirror.id)) {
          const deleted = { session_id: mirror.id, project_root: projectRoot };
          bus.publish({ type: "StateUpdated", reason: "session_deleted", ...deleted });
        }
        return;
      }
      const history = threadHistory(thread);
      if (mirror !== undefined && history.length < mirror.mirrored_count) {
        // The editor's side compacted its history: what is shown stays, and what follows is appended.
        store.sessions.setMirrored(mirror.id, history.length, now());
        return;
      }
      // A thread shows once it has a message (an editor opens sessions it may never use).
      if (history.length === (mirror?.mirrored_count ?? 0)) return;
      const sessionId = mirror?.id ?? newId("ses");
      if (mirror === undefined) {
        const first = history.find((message) => message.role === "user");
        store.sessions.create({
          id: sessionId,
          project_root: projectRoot,
          title: titleFrom(first?.content ?? "") || "Editor thread",
          created_at_ms: now(),
          updated_at_ms: now(),
          origin: "acp",
        });
        store.sessions.setBackendSession(sessionId, threadId);
      }
      const messages = historyChat(history, REASON, (turn) => `run_${sessionId.slice(4)}_${turn}`);
      for (const message of messages.slice(mirror?.mirrored_count ?? 0)) {
        const scope = { sessionId, agentId: "main", runId: message.runId };
        publisher.append(scope, message.role, message.rich, message.content);
      }
      store.sessions.setMirrored(sessionId, history.length, now());
      bus.publish({
        type: "StateUpdated",
        reason: mirror === undefined ? "session_created" : "session_updated",
        session_id: sessionId,
        project_root: projectRoot,
      });
    });
  }
}

/** A thread's history as history messages (each stored message's parts named by its place). */
function threadHistory(thread: EditorThreadFile): HistoryMessage[] {
  return thread.history.flatMap((message, index) =>
    claudeMessageHistory(
      message.role,
      message.content,
      `${thread.session_id}:${index}`,
      thread.updated_at_ms,
    ),
  );
}
