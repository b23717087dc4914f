/** Turns on bracketed paste (a paste arrives whole, Enter included, rather than as typed keys). */
const PASTE_ON = "\u001b[?2004h";
const PASTE_OFF = "\u001b[?2004l";
const SHOW_CURSOR = "\u001b[?25h";
const LEAVE_ALTERNATE_SCREEN = "\u001b[?1049l";

/** What the guard needs of the terminal. */
export interface GuardedTerminal {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/**
 * Puts the terminal in the modes the UI needs and promises to put it back however the process ends: a
 * normal exit, Ctrl-C, a signal, or a crash. Raw mode goes off, the cursor shows, bracketed paste and the
 * alternate screen are left. Returns the function that restores it now (safe to call twice).
 */
export function guardTerminal(terminal: GuardedTerminal): () => void {
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off("exit", restore);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    process.off("uncaughtException", onCrash);
    process.off("unhandledRejection", onCrash);
    try {
      if (terminal.stdin.isTTY) terminal.stdin.setRawMode(false);
    } catch {
      // A closed terminal has no mode left to restore.
    }
    if (terminal.stdout.writable) terminal.stdout.write(PASTE_OFF + LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    process.kill(process.pid, signal);
  };
  const onCrash = (error: unknown) => {
    restore();
    process.stderr.write(
      `parley: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  };
  process.on("exit", restore);
  for (const signal of SIGNALS) process.once(signal, onSignal);
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  terminal.stdout.write(PASTE_ON);
  return restore;
}

const SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGHUP", "SIGINT"];
