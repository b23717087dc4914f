import type { ConfinedPath } from "../../permissions/confine-path.ts";
import { openConfinedForRead } from "../fs/confined-file.ts";
import { BINARY_SNIFF_BYTES, looksBinary } from "../fs/text-content.ts";
import { type GrepMatcher, sharedGrepMatcher } from "./grep-matcher.ts";
import { type GrepFileMatches, type GrepOutputMode, linesAround, splitLines } from "./grep-output.ts";

/** Files larger than this are not searched. */
export const GREP_MAX_FILE_BYTES = 5_000_000;
/** Lines are matched on at most this many characters (keeps a pathological line from stalling a search). */
const MAX_MATCHED_LINE_CHARS = 10_000;
/**
 * Text sent to the worker in one message, at most: large enough that a search of a few thousand small files
 * costs a few dozen round trips, small enough that the next batch is read while the worker matches this one.
 */
const BATCH_BYTES = 1_000_000;
/**
 * The first batch's size; each next one is twice the last, up to `BATCH_BYTES`. A content search that has
 * enough lines after a few files (the head_limit) stops without having read a whole large batch first.
 */
const FIRST_BATCH_BYTES = 32_000;

/** What one search looks for and how much of it is shown. */
export interface GrepSearchOptions {
  pattern: string;
  flags: string;
  mode: GrepOutputMode;
  before: number;
  after: number;
  /** In "content" mode, the search stops after the file whose lines take the shown lines past this many. */
  stopAfterLines: number;
  signal: AbortSignal;
  /** The shared matcher unless a test gives one with a shorter deadline. */
  matcher?: GrepMatcher;
}

/** A file read for matching: its bytes until they are sent (content mode: until answered), then its matches. */
interface FileEntry {
  kind: "file";
  path: string;
  bytes: Buffer | undefined;
  found: GrepFileMatches | undefined;
}

/** A file as the walk gave it: skipped, or read for matching. */
type Entry = { kind: "skipped" } | FileEntry;

/** A batch sent to the matcher, answered into its entries: never rejects, so a failure waits until the search asks for it. */
type Sent = Promise<Error | undefined>;

/**
 * One `Grep` search: the walk's files are read (confined, binary and oversized ones skipped) on the event
 * loop and their lines matched in the worker, a batch of files at a time; the next batch is read while the
 * worker matches the last one. Answers are taken in walk order, so where a content search stops, and what it
 * counts as skipped, are exactly what searching file by file gives.
 */
export class GrepSearch {
  /** Files with matches, in walk order. */
  readonly results: GrepFileMatches[] = [];
  /** Files skipped up to where the search stopped. */
  skipped = 0;
  /** Whether a content search stopped early: it has more lines than it will show. */
  stopped = false;
  readonly #options: GrepSearchOptions;
  readonly #matcher: GrepMatcher;
  readonly #entries: Entry[] = [];
  #taken = 0;
  #shownLines = 0;
  #batch: { entry: FileEntry; bytes: Buffer }[] = [];
  #batchBytes = 0;
  #batchLimit = FIRST_BATCH_BYTES;
  #sent: Sent | undefined;

  constructor(options: GrepSearchOptions) {
    this.#options = options;
    this.#matcher = options.matcher ?? sharedGrepMatcher;
  }

  /** Reads `file` into the batch; sends the batch once it is full. */
  async add(file: ConfinedPath): Promise<void> {
    const bytes = await readSearchable(file);
    if (bytes === undefined) {
      this.#entries.push({ kind: "skipped" });
      return;
    }
    const entry: FileEntry = { kind: "file", path: file.relative, bytes, found: undefined };
    this.#entries.push(entry);
    this.#batch.push({ entry, bytes });
    this.#batchBytes += bytes.length;
    if (this.#batchBytes >= this.#batchLimit) await this.#send();
  }

  /** Sends what is left and takes every answer. */
  async finish(): Promise<void> {
    if (!this.stopped) await this.#send();
    await this.#takeSent();
    this.#take();
  }

  async #send(): Promise<void> {
    const batch = this.#batch;
    if (batch.length === 0) return;
    const data = new Uint8Array(this.#batchBytes);
    this.#batch = [];
    this.#batchBytes = 0;
    this.#batchLimit = Math.min(this.#batchLimit * 2, BATCH_BYTES);
    // One batch at a time with the matcher: it waits for the last answer, so concurrent searches take turns.
    await this.#takeSent();
    if (this.stopped) return;
    const spans: number[] = [];
    const paths: string[] = [];
    let offset = 0;
    for (const { entry, bytes } of batch) {
      data.set(bytes, offset);
      spans.push(offset, bytes.length);
      paths.push(entry.path);
      offset += bytes.length;
      // Content mode shows lines of the files that match; the others' text is not needed again.
      if (this.#options.mode !== "content") entry.bytes = undefined;
    }
    const { pattern, flags, mode, signal } = this.#options;
    // The answer is taken as soon as it comes, so a content search that has enough stops reading at once.
    this.#sent = this.#matcher
      .match({ pattern, flags, mode, maxMatchedChars: MAX_MATCHED_LINE_CHARS, data, spans, paths }, signal)
      .then(
        (found) => {
          for (const [index, { entry }] of batch.entries())
            entry.found = this.#fileMatches(entry, found[index] ?? 0);
          this.#take();
          return undefined;
        },
        (error: Error) => error,
      );
  }

  async #takeSent(): Promise<void> {
    const failed = await this.#sent;
    this.#sent = undefined;
    if (failed !== undefined) throw failed;
  }

  #fileMatches(file: FileEntry, found: number | number[]): GrepFileMatches {
    const bytes = file.bytes;
    file.bytes = undefined;
    if (typeof found === "number") return { path: file.path, count: found, lines: [] };
    if (found.length === 0 || bytes === undefined) return { path: file.path, count: found.length, lines: [] };
    const lines = linesAround(splitLines(bytes.toString("utf8")), found, this.#options);
    return { path: file.path, count: found.length, lines };
  }

  /** Takes the answered files in walk order, up to the first still waiting or the file that is enough. */
  #take(): void {
    while (!this.stopped && this.#taken < this.#entries.length) {
      const entry = this.#entries[this.#taken] as Entry;
      if (entry.kind === "file" && entry.found === undefined) return;
      this.#taken += 1;
      if (entry.kind === "skipped") this.skipped += 1;
      else if (entry.found !== undefined && entry.found.count > 0) {
        this.results.push(entry.found);
        this.#shownLines += entry.found.lines.length;
        if (this.#options.mode === "content" && this.#shownLines > this.#options.stopAfterLines)
          this.stopped = true;
      }
    }
  }
}

/** A file's bytes, or undefined when it cannot be opened confined, is too large or looks binary. */
async function readSearchable(file: ConfinedPath): Promise<Buffer | undefined> {
  let handle: Awaited<ReturnType<typeof openConfinedForRead>>;
  try {
    handle = await openConfinedForRead(file, file.relative);
  } catch {
    return undefined;
  }
  try {
    const { size } = await handle.stat();
    if (size > GREP_MAX_FILE_BYTES) return undefined;
    const bytes = await handle.readFile();
    return looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES)) ? undefined : bytes;
  } finally {
    await handle.close();
  }
}
