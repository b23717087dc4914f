import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "../src/store/migrations.ts";
import { packText } from "../src/store/packed-text.ts";
import { Store } from "../src/store/store.ts";

/** The schema version before each long text was kept once per session. */
const BEFORE_SHARED_TEXTS = 11;

describe("long texts on disk", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("a database an older Parley wrote opens with every row as it was; new rows keep a long text once", () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-migration-"));
    folders.push(folder);
    const file = join(folder, "parley.db");
    const question = `A long question. ${"Why is the sky blue? ".repeat(60)}`;
    const answer = `An answer. ${"Rayleigh scattering, mostly. ".repeat(60)}`;
    const rich = { kind: "Text", data: { text: question } };
    const params = [
      { role: "user", content: [{ type: "text", text: question }] },
      { role: "assistant", content: [{ type: "text", text: answer }] },
    ];
    const sdkMessage = { type: "result", subtype: "success", result: answer };
    const frame = JSON.stringify({
      seq: 1,
      rev: 2,
      ts_ms: 1,
      kind: "message",
      text: question,
      session_id: "ses_1",
    });

    const old = new Database(file);
    for (const migration of migrations.slice(0, BEFORE_SHARED_TEXTS)) old.exec(migration);
    old.pragma(`user_version = ${BEFORE_SHARED_TEXTS}`);
    old.exec(
      `INSERT INTO sessions (id, project_root, title, created_at_ms, updated_at_ms) VALUES ('ses_1', '/p', 'Sky', 1, 1);
       INSERT INTO runs (id, session_id, agent_id, status, model, prompt, started_at_ms, ended_at_ms, result)
       VALUES ('run_1', 'ses_1', 'main', 'completed', 'anthropic:claude', 'short prompt', 1, 2, NULL);`,
    );
    old.prepare("UPDATE runs SET prompt = ?, result = ?").run(packText(question), packText(answer));
    old
      .prepare(
        `INSERT INTO messages (id, session_id, position, agent_id, role, kind, rich, run_id, created_at_ms)
         VALUES ('msg_1', 'ses_1', 0, 'main', 'user', 'Text', ?, 'run_1', 1)`,
      )
      .run(packText(JSON.stringify(rich)));
    const addParam = old.prepare(
      "INSERT INTO conversation (session_id, agent_id, position, param) VALUES ('ses_1', 'main', ?, ?)",
    );
    for (const [position, param] of params.entries()) addParam.run(position, packText(JSON.stringify(param)));
    old
      .prepare("INSERT INTO run_messages (run_id, position, message) VALUES ('run_1', 0, ?)")
      .run(packText(JSON.stringify(sdkMessage)));
    const packedFrame = packText(frame);
    old
      .prepare(
        `INSERT INTO events (seq, ts_ms, session_id, run_id, frame, bytes, is_token)
         VALUES (1, 1, 'ses_1', 'run_1', ?, ?, 0)`,
      )
      .run(packedFrame, Buffer.byteLength(packedFrame));
    old.close();

    const store = new Store(file);
    try {
      expect(store.database.pragma("user_version", { simple: true })).toBe(migrations.length);
      expect(store.messages.all("ses_1").map((message) => message.rich)).toEqual([rich]);
      expect(store.runs.get("run_1")).toMatchObject({ prompt: question, result: answer });
      expect(store.runs.get("run_1")).not.toHaveProperty("prompt_text_id");
      expect(store.conversation.history("ses_1", "main")).toEqual(params);
      expect(store.runs.messages("run_1")).toEqual([sdkMessage]);
      expect(store.events.readAfter(0, 10)).toEqual([{ seq: 1, sessionId: "ses_1", frame }]);

      // The conversation goes on: new entries keep their text once, beside the old inline rows.
      const next = {
        role: "user" as const,
        content: [{ type: "text" as const, text: `${question} Again.` }],
      };
      store.transaction(() => {
        store.conversation.append("ses_1", "main", [next, next]);
      });
      expect(store.conversation.history("ses_1", "main")).toEqual([...params, next, next]);
      expect(store.database.prepare("SELECT COUNT(*) AS count FROM texts").get()).toEqual({ count: 1 });
    } finally {
      store.close();
    }
  });

  it("a long text UTF-8 cannot hold (a lone surrogate) stays in its frame and replays byte for byte", () => {
    const folder = mkdtempSync(join(tmpdir(), "parley-texts-"));
    folders.push(folder);
    const store = new Store(join(folder, "parley.db"));
    try {
      const texts = [`${"x".repeat(500)}\ud800 cut mid-pair`, `${"y".repeat(500)} 🙂 whole`];
      const frames = texts.map((text) => JSON.stringify({ kind: "message", text, session_id: "ses_1" }));
      store.transaction(() =>
        store.events.append(
          frames.map((frame, index) => ({
            sessionId: "ses_1",
            runId: null,
            tsMs: 1,
            isToken: false,
            longText: texts[index],
            frame: () => frame,
          })),
        ),
      );
      expect(store.events.readAfter(0, 10).map((event) => event.frame)).toEqual(frames);
      expect(store.database.prepare("SELECT COUNT(*) AS count FROM texts").get()).toEqual({ count: 1 });
    } finally {
      store.close();
    }
  });
});
