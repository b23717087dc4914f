/** The outside world a command talks to; `processIo()` is the real one, tests may pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
  /** The directory the command was started in. */
  cwd: string;
  /** Registers `handler` for Ctrl-C (SIGINT); returns a function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

/** The current process's streams, environment, directory and SIGINT. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    // Getters: Node builds each stream on first read (~1 ms for stdin), and `parley serve` reads neither
    // before it is healthy.
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
    onInterrupt(handler) {
      process.on("SIGINT", handler);
      return () => process.off("SIGINT", handler);
    },
  };
}

/** Writes text, waiting for the stream to drain when its buffer is full (stdout piped to a slow reader). */
export async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("error", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("error", done);
  });
}
