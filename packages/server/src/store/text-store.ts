import { createHash } from "node:crypto";
import { packRow, packText, unpackText } from "./packed-text.ts";
import type { StoreDatabase } from "./store-database.ts";

/** Strings shorter than this stay inside the row that holds them: a reference would save little. */
const KEEP_APART_FROM_CHARACTERS = 400;

/**
 * A row's serialized value with its longest string taken out: `rest` is the serialization without that
 * string's JSON form, `textId` names the text (null: nothing taken out) and `at` is where it goes back.
 */
export interface DetachedText {
  rest: string;
  textId: number | null;
  at: number | null;
}

/**
 * Long texts (a person's message, an answer) kept once per session. The same text used to be stored in
 * its message event, its chat message, the conversation, its run's prompt or answer and the run's SDK
 * messages; each of those rows now keeps only where the text goes and its id, and gets the exact same
 * serialization back on read (docs/decisions/2026-11-26-storage-footprint.md). A session's texts go with
 * it (`forget`); rows written before keep their text inline and read back unchanged.
 */
export class TextStore {
  readonly #find;
  readonly #insert;
  readonly #get;
  readonly #forget;

  constructor(database: StoreDatabase) {
    this.#find = database.prepare("SELECT id FROM texts WHERE session_id = ? AND hash = ?");
    this.#insert = database.prepare(
      "INSERT INTO texts (session_id, hash, body) VALUES (?, ?, ?) RETURNING id",
    );
    this.#get = database.prepare("SELECT body FROM texts WHERE id = ?");
    this.#forget = database.prepare("DELETE FROM texts WHERE session_id = ?");
  }

  /** The id of `text` in a session's texts, storing it (packed) the first time. Call inside a transaction. */
  keep(sessionId: string, text: string): number {
    // 128 bits of SHA-256 name a text within its session (a chance collision is out of reach).
    const hash = createHash("sha256").update(text).digest().subarray(0, 16);
    const found = this.#find.get(sessionId, hash) as { id: number } | undefined;
    if (found !== undefined) return found.id;
    return (this.#insert.get(sessionId, hash, packText(text)) as { id: number }).id;
  }

  /** A stored text by id, as stored (packed or not). */
  body(id: number): string | Buffer {
    const row = this.#get.get(id) as { body: string | Buffer } | undefined;
    if (row === undefined) throw new Error(`stored text ${id} is missing`);
    return row.body;
  }

  /** A stored text by id. */
  text(id: number): string {
    return unpackText(this.body(id));
  }

  /**
   * Takes the longest string of `value` (when long) out of `json`, its serialization, and keeps it with
   * the session's texts. JSON.stringify writes that string the same way wherever it is, so it is found.
   */
  detach(sessionId: string | null, value: unknown, json: string): DetachedText {
    const text = sessionId === null ? undefined : longestString(value);
    if (sessionId === null || text === undefined) return { rest: json, textId: null, at: null };
    const quoted = JSON.stringify(text);
    const at = json.indexOf(quoted);
    if (at < 0) return { rest: json, textId: null, at: null };
    const rest = json.slice(0, at) + json.slice(at + quoted.length);
    return { rest, textId: this.keep(sessionId, text), at };
  }

  /**
   * How a row's value is stored: its serialization with its longest string kept apart (`textId`, `at`),
   * packed (with the row dictionary) when that saves space.
   */
  store(sessionId: string | null, value: unknown, json: string) {
    const { rest, textId, at } = this.detach(sessionId, value, json);
    return { stored: packRow(rest), textId, at };
  }

  /** A stored row's serialization as it was written: `stored` (packed or not) with its text put back. */
  restore(stored: string | Buffer, textId: number | null, at: number | null): string {
    const rest = unpackText(stored);
    return textId === null ? rest : attachText(rest, at, this.body(textId));
  }

  /** A whole-text column (a run's prompt or answer): '' and the text's id when long, else the text. */
  storeWhole(sessionId: string, text: string): { stored: string; textId: number | null } {
    if (longestString(text) === undefined) return { stored: text, textId: null };
    return { stored: "", textId: this.keep(sessionId, text) };
  }

  /** Deletes a session's texts (once nothing refers to them). */
  forget(sessionId: string): void {
    this.#forget.run(sessionId);
  }
}

/**
 * The serialization a detached row had: `rest` with the text's JSON form put back at `at`. `body` is the
 * text as stored (joined from `texts`); rows with no text (`at` null) are returned as they are.
 */
export function attachText(rest: string, at: number | null, body: string | Buffer | null): string {
  if (at === null) return rest;
  if (body === null) throw new Error("a stored row refers to a text that is missing");
  return rest.slice(0, at) + JSON.stringify(unpackText(body)) + rest.slice(at);
}

/** A UTF-16 surrogate without its pair: UTF-8 cannot store it, so such a text stays in its (JSON) row. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The longest string in a JSON-like value, if it is long enough to keep apart (and storable as UTF-8). */
export function longestString(value: unknown): string | undefined {
  let longest: string | undefined;
  const visit = (item: unknown): void => {
    if (typeof item === "string") {
      if (item.length >= KEEP_APART_FROM_CHARACTERS && item.length > (longest?.length ?? 0)) longest = item;
    } else if (Array.isArray(item)) {
      for (const element of item) visit(element);
    } else if (item !== null && typeof item === "object") {
      for (const element of Object.values(item)) visit(element);
    }
  };
  visit(value);
  return longest === undefined || LONE_SURROGATE.test(longest) ? undefined : longest;
}
