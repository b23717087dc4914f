import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import {
  type ClientCapabilities,
  type ClientConnection,
  type ClientRequestHandlersByMethod,
  client,
  ndJsonStream,
  PROTOCOL_VERSION,
  type SessionNotification,
} from "@agentclientprotocol/sdk";

const bin = fileURLToPath(new URL("../../bin/parley.js", import.meta.url));

/** What the test editor answers when `parley acp` asks it something. */
export type EditorHandlers = Partial<ClientRequestHandlersByMethod>;

/**
 * A test editor: `parley acp` started as a real process and driven with the official ACP SDK's client
 * side, recording every `session/update` and every request the agent made of it.
 */
export class AcpEditor {
  readonly updates: SessionNotification[] = [];
  readonly asked: { method: string; params: unknown }[] = [];
  stderr = "";
  readonly child: ChildProcessWithoutNullStreams;
  readonly connection: ClientConnection;
  readonly exited: Promise<number | null>;
  #waiters: (() => void)[] = [];

  constructor(options: {
    cwd: string;
    env: Record<string, string>;
    handlers?: EditorHandlers;
    args?: string[];
  }) {
    this.child = spawn(process.execPath, [bin, "acp", ...(options.args ?? [])], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", ...options.env },
    });
    this.exited = new Promise((resolve) => this.child.once("close", resolve));
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString("utf8");
    });
    let app = client({ name: "test-editor" }).onNotification("session/update", ({ params }) => {
      this.updates.push(params);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    for (const [method, handler] of Object.entries(options.handlers ?? {})) {
      app = app.onRequest(method as "fs/read_text_file", async (context) => {
        this.asked.push({ method, params: context.params });
        for (const wake of this.#waiters.splice(0)) wake();
        return (handler as ClientRequestHandlersByMethod["fs/read_text_file"])(context);
      });
    }
    this.connection = app.connect(
      ndJsonStream(
        Writable.toWeb(this.child.stdin) as WritableStream<Uint8Array>,
        Readable.toWeb(this.child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
  }

  get agent() {
    return this.connection.agent;
  }

  initialize(clientCapabilities: ClientCapabilities = {}) {
    return this.agent.request("initialize", { protocolVersion: PROTOCOL_VERSION, clientCapabilities });
  }

  /** The updates of one session, in order, without the session id around them. */
  updatesOf(sessionId: string) {
    return this.updates.filter((note) => note.sessionId === sessionId).map((note) => note.update);
  }

  /** Waits until `find` returns something (it is checked after every update and request). */
  async until<T>(find: () => T | undefined): Promise<T> {
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async close(): Promise<number | null> {
    this.connection.close();
    this.child.stdin.end();
    return this.exited;
  }
}
