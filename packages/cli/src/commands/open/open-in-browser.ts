import { spawn } from "node:child_process";
import { childEnvironment, withWorkingDirectory } from "@parley/engine";

/**
 * Starts the person's browser on `url`: `$BROWSER` when set, else the system's opener (`open` on macOS,
 * `xdg-open` on Linux with a display, `start` on Windows). Returns false when there is none to try or it
 * could not start, so the caller says to open the printed link by hand. The browser runs like every child
 * Parley starts: in `cwd`, with the person's environment minus Parley's secrets.
 */
export async function openInBrowser(
  url: string,
  options: { env: Readonly<Record<string, string | undefined>>; cwd: string; secretValues: string[] },
): Promise<boolean> {
  const opener = browserCommand(url, options.env);
  if (opener === undefined) return false;
  const env = childEnvironment(options.env, { secretValues: options.secretValues }).env;
  return await new Promise<boolean>((resolve) => {
    const child = spawn(opener.command, opener.args, {
      cwd: options.cwd,
      env: withWorkingDirectory(env, options.cwd),
      detached: true,
      stdio: "ignore",
    });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}

function browserCommand(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
): { command: string; args: string[] } | undefined {
  const chosen = env.BROWSER?.trim();
  if (chosen) return { command: chosen, args: [url] };
  if (process.platform === "darwin") return { command: "open", args: [url] };
  if (process.platform === "win32") return { command: "cmd", args: ["/c", "start", "", url] };
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return { command: "xdg-open", args: [url] };
  return undefined;
}
