import { KEYS, Terminal } from "./terminal.ts";
import type { TuiServer } from "./tui-server.ts";

/**
 * Runs `parley` alone in the project, as a person starts it (with `env` added to its environment), and
 * waits until it is connected.
 */
export async function openParley(server: TuiServer, env: Record<string, string> = {}): Promise<Terminal> {
  const terminal = new Terminal({
    args: [],
    env: { PARLEY_HOME: server.home, ...env },
    cwd: server.project,
    columns: 100,
    rows: 30,
  });
  await terminal.waitFor("connected", { timeoutMs: 90_000 });
  return terminal;
}

/** Leaves `parley` (Ctrl-D), then stops the server. */
export async function closeParley(
  terminal: Terminal | undefined,
  server: TuiServer | undefined,
): Promise<void> {
  terminal?.write(KEYS.ctrlD);
  await Promise.race([terminal?.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  terminal?.kill();
  await server?.close();
}

/** Types a message and sends it, waiting for the box to take each part (keys typed faster than read join up). */
export async function send(terminal: Terminal, text: string): Promise<void> {
  terminal.write(text);
  await terminal.waitFor(text.slice(-20));
  terminal.write(KEYS.enter);
}
