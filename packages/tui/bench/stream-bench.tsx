/**
 * What a streamed token costs the terminal UI: CPU time per token and bytes written to the terminal per
 * token, for a 1-paragraph and a 50-paragraph answer, beside a bare `stream.write` of the same tokens to
 * the same kind of terminal stream, in the same run. Run: `npm run bench -w @parley/tui`.
 *
 * The UI renders the real App (Ink, the transcript printer, the markdown renderer) over the sdk's real
 * reducer; tokens arrive one per macrotask, as SSE frames do, and Ink draws at most 30 frames a second, as
 * it does in a terminal. React runs its production build, as `parley` runs it.
 */
import { PassThrough, Writable } from "node:stream";
import { render } from "ink";
import { App } from "../src/app.tsx";
import { KeyClaims, KeyClaimsContext } from "../src/input/key-claims.tsx";
import { FRAME_MS } from "../src/store/framed-store.ts";
import { ServicesProvider } from "../src/store/services.tsx";
import { ThemeContext, themeFor } from "../src/theme/theme.ts";
import { BenchStore, startTurn } from "./bench-store.ts";

/** A terminal-sized output stream that counts what is written to it. */
class CountingTerminal extends Writable {
  bytes = 0;
  readonly isTTY = true;
  readonly columns = 100;
  readonly rows = 40;
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    done();
  }
}

/** The tokens of an answer of `paragraphs` paragraphs: about 60 words each, some bold, a list now and then. */
function answerTokens(paragraphs: number): string[] {
  const tokens: string[] = [];
  for (let paragraph = 1; paragraph <= paragraphs; paragraph++) {
    for (let word = 1; word <= 60; word++) {
      const text = word % 20 === 0 ? `**p${paragraph}w${word}**` : `p${paragraph}w${word}`;
      tokens.push(word === 60 ? `${text}.\n\n` : `${text} `);
    }
  }
  return tokens;
}

/** How tokens arrive: as fast as the event loop turns, or paced as a fast model streams them. */
interface Pacing {
  name: string;
  next(): Promise<void>;
}
const PACINGS: Pacing[] = [
  { name: "one per macrotask", next: () => new Promise<void>((resolve) => setImmediate(resolve)) },
  { name: "one per 2 ms", next: () => new Promise<void>((resolve) => setTimeout(resolve, 2)) },
];
const afterLastFrame = () => new Promise<void>((resolve) => setTimeout(resolve, FRAME_MS * 2));
const nextTask = PACINGS[0]?.next as () => Promise<void>;

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function measureTui(
  tokens: readonly string[],
  pacing: Pacing,
): Promise<{ cpuMs: number; bytes: number }> {
  const terminal = new CountingTerminal();
  // A terminal's input that nobody types into: Ink wants raw mode for its key handlers.
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: () => stdin,
    ref: () => stdin,
    unref: () => stdin,
  }) as unknown as NodeJS.ReadStream;
  const store = new BenchStore();
  const instance = render(
    <ThemeContext.Provider value={themeFor({})}>
      <KeyClaimsContext.Provider value={new KeyClaims()}>
        <ServicesProvider services={store.services()} frameMs={FRAME_MS}>
          <App />
        </ServicesProvider>
      </KeyClaimsContext.Provider>
    </ThemeContext.Provider>,
    {
      stdout: terminal as unknown as NodeJS.WriteStream,
      stdin,
      exitOnCtrlC: false,
      patchConsole: false,
      incrementalRendering: true,
    },
  );
  startTurn(store, "run-bench");
  await nextTask();
  const before = terminal.bytes;
  const start = process.cpuUsage();
  for (const token of tokens) {
    store.apply({
      type: "APPEND_TOKEN",
      runId: "run-bench",
      agentId: "main",
      atMs: Date.now(),
      segmentId: "segment-bench",
      token,
      thinking: false,
    });
    await pacing.next();
  }
  // The last tokens are drawn at the end of their frame: that drawing is part of their cost.
  await afterLastFrame();
  const used = cpuMs(start);
  const bytes = terminal.bytes - before;
  instance.unmount();
  return { cpuMs: used, bytes };
}

async function measureBare(
  tokens: readonly string[],
  pacing: Pacing,
): Promise<{ cpuMs: number; bytes: number }> {
  const terminal = new CountingTerminal();
  const start = process.cpuUsage();
  for (const token of tokens) {
    terminal.write(token);
    await pacing.next();
  }
  await afterLastFrame();
  return { cpuMs: cpuMs(start), bytes: terminal.bytes };
}

const rows: string[][] = [
  [
    "tokens arrive",
    "answer",
    "tokens",
    "TUI CPU µs/token",
    "bare µs/token",
    "CPU ratio",
    "TUI bytes/token",
    "bare bytes/token",
    "bytes ratio",
  ],
];
// A warm-up run, so the JIT and the highlighter's first load are not counted.
await measureTui(answerTokens(2), PACINGS[0] as Pacing);
for (const pacing of PACINGS)
  for (const paragraphs of [1, 50]) {
    const tokens = answerTokens(paragraphs);
    const tui = await measureTui(tokens, pacing);
    const bare = await measureBare(tokens, pacing);
    const tuiCpu = (tui.cpuMs * 1000) / tokens.length;
    const bareCpu = (bare.cpuMs * 1000) / tokens.length;
    rows.push([
      pacing.name,
      `${paragraphs} paragraph${paragraphs === 1 ? "" : "s"}`,
      String(tokens.length),
      tuiCpu.toFixed(0),
      bareCpu.toFixed(0),
      (tuiCpu / bareCpu).toFixed(1),
      (tui.bytes / tokens.length).toFixed(1),
      (bare.bytes / tokens.length).toFixed(1),
      (tui.bytes / bare.bytes).toFixed(1),
    ]);
  }
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
for (const row of rows)
  process.stdout.write(`${row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  ")}\n`);
process.stdout.write(
  "\nCost per token should not grow with the answer: the 50-paragraph row should match the 1-paragraph row.\n",
);
process.exit(0);
