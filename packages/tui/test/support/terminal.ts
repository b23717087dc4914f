import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";

const here = dirname(fileURLToPath(import.meta.url));
/** The real `parley` program, as a person runs it. */
export const PARLEY_BIN = join(here, "..", "..", "..", "cli", "bin", "parley.js");

/** Keys as a terminal sends them. */
export const KEYS = {
  enter: "\r",
  escape: "\u001b",
  tab: "\t",
  up: "\u001b[A",
  down: "\u001b[B",
  right: "\u001b[C",
  ctrlC: "\u0003",
  ctrlD: "\u0004",
  ctrlO: "\u000f",
} as const;

/** What starts a program in a terminal. */
export interface TerminalOptions {
  args: string[];
  env: Record<string, string>;
  cwd: string;
  columns?: number;
  rows?: number;
}

/**
 * A program running in a real pseudo-terminal (node-pty), its output fed to a headless xterm that keeps the
 * screen as a person would see it. Tests wait for what the screen shows (re-checked on every chunk of
 * output), never for a fixed time.
 */
export class Terminal {
  readonly #process: pty.IPty;
  readonly #screen: xterm.Terminal;
  readonly #waiters = new Set<() => void>();
  /** Every byte the program wrote, for the measurements. */
  bytesWritten = 0;
  /** How often the program cleared the whole terminal (a full repaint: flicker, and the scrollback lost). */
  clears = 0;
  readonly exited: Promise<number>;
  #pending = Promise.resolve();

  constructor(options: TerminalOptions) {
    const columns = options.columns ?? 100;
    const rows = options.rows ?? 30;
    this.#screen = new xterm.Terminal({ cols: columns, rows, scrollback: 5000, allowProposedApi: true });
    this.#process = pty.spawn(process.execPath, [PARLEY_BIN, ...options.args], {
      name: "xterm-256color",
      cols: columns,
      rows,
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/tmp",
        TERM: "xterm-256color",
        ...options.env,
      },
    });
    this.#process.onData((data) => {
      this.bytesWritten += Buffer.byteLength(data);
      this.clears += data.split("\u001b[2J").length - 1;
      this.#pending = this.#pending.then(
        () => new Promise<void>((resolve) => this.#screen.write(data, resolve)),
      );
      void this.#pending.then(() => this.#notify());
    });
    this.exited = new Promise((resolve) =>
      this.#process.onExit(({ exitCode }) => {
        void this.#pending.then(() => {
          resolve(exitCode);
          this.#notify();
        });
      }),
    );
  }

  /** The lines on screen now (the viewport), trailing spaces trimmed. */
  screen(): string {
    const buffer = this.#screen.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < this.#screen.rows; row++)
      lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? "");
    return lines.join("\n");
  }

  /** Everything the terminal holds: the scrollback and the screen. */
  history(): string {
    const buffer = this.#screen.buffer.active;
    const lines: string[] = [];
    for (let row = 0; row < buffer.length; row++)
      lines.push(buffer.getLine(row)?.translateToString(true) ?? "");
    return lines.join("\n");
  }

  /** The cell at a row and column of the screen, with its colour, to check styling. */
  cell(row: number, column: number) {
    const buffer = this.#screen.buffer.active;
    return buffer.getLine(buffer.viewportY + row)?.getCell(column);
  }

  /** Whether any cell on the screen has a colour of its own (foreground or background). */
  showsColour(): boolean {
    const buffer = this.#screen.buffer.active;
    for (let row = 0; row < this.#screen.rows; row++) {
      const line = buffer.getLine(buffer.viewportY + row);
      for (let column = 0; column < this.#screen.cols; column++) {
        const cell = line?.getCell(column);
        if (cell !== undefined && (!cell.isFgDefault() || !cell.isBgDefault())) return true;
      }
    }
    return false;
  }

  /** Types text or sends keys. */
  write(data: string): void {
    this.#process.write(data);
  }

  /** Resizes the terminal, as a person dragging the window does (the program gets SIGWINCH). */
  resize(columns: number, rows: number): void {
    this.#screen.resize(columns, rows);
    this.#process.resize(columns, rows);
  }

  get columns(): number {
    return this.#screen.cols;
  }

  /**
   * Resolves once `check` holds for what the terminal shows (the screen by default, or the whole history);
   * rejects after `timeoutMs` with the screen in the message, so a failure shows what was there instead.
   */
  async waitFor(
    check: string | RegExp | ((text: string) => boolean),
    { timeoutMs = 20_000, where = "screen" }: { timeoutMs?: number; where?: "screen" | "history" } = {},
  ): Promise<string> {
    const test =
      typeof check === "string"
        ? (text: string) => text.includes(check)
        : check instanceof RegExp
          ? (text: string) => check.test(text)
          : check;
    const read = () => (where === "screen" ? this.screen() : this.history());
    await this.#pending;
    if (test(read())) return read();
    return new Promise((resolve, reject) => {
      const onChange = () => {
        const text = read();
        if (!test(text)) return;
        clearTimeout(timer);
        this.#waiters.delete(onChange);
        resolve(text);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(onChange);
        reject(new Error(`the terminal never showed ${String(check)}; it shows:\n${this.screen()}`));
      }, timeoutMs);
      this.#waiters.add(onChange);
      void this.exited.then((code) => {
        if (!this.#waiters.has(onChange)) return;
        clearTimeout(timer);
        this.#waiters.delete(onChange);
        reject(
          new Error(`parley exited (${code}) before showing ${String(check)}; it shows:\n${this.screen()}`),
        );
      });
    });
  }

  #notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  /** Ends the program if it still runs. */
  kill(): void {
    try {
      this.#process.kill();
    } catch {
      // Already gone.
    }
  }
}
