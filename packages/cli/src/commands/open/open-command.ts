import { existsSync, realpathSync, statSync } from "node:fs";
import { parleyHome } from "@parley/engine";
import { LoginUrlSchema } from "@parley/protocol";
import { findRunningServer } from "@parley/server";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { openInBrowser } from "./open-in-browser.ts";
import { OPEN_HELP, parseOpenArgs } from "./parse-open-args.ts";

/** `parley open`: a fresh sign-in link for the running server, printed and opened in the browser. */
export const openCommand: Command = {
  run: (argv, io) => signIn(argv, io, true),
};

/** `parley login`: the same fresh sign-in link, printed only. */
export const loginCommand: Command = {
  run: (argv, io) => signIn(argv, io, false),
};

async function signIn(argv: readonly string[], io: CliIo, opensBrowser: boolean): Promise<number> {
  const args = parseOpenArgs(argv, io.cwd, opensBrowser);
  if (args.help) {
    await write(io.stdout, OPEN_HELP);
    return 0;
  }
  if (!existsSync(args.projectRoot) || !statSync(args.projectRoot).isDirectory())
    throw new UsageError(`--project ${JSON.stringify(args.projectRoot)} is not a directory`);
  const projectRoot = realpathSync(args.projectRoot);
  const home = parleyHome(io.env);
  const server = findRunningServer(home, projectRoot);
  if (server === undefined) {
    await write(
      io.stderr,
      `parley: no Parley server is serving ${projectRoot} (with PARLEY_HOME ${home}).\n` +
        "Start one with parley serve (it prints a sign-in link), then run this again for another.\n",
    );
    return 1;
  }
  let url: string;
  try {
    url = await mintLoginUrl(server.url, server.token);
  } catch (error) {
    await write(
      io.stderr,
      `parley: the server at ${server.url} gave no sign-in link: ${(error as Error).message}\n`,
    );
    return 1;
  }
  await write(io.stdout, `${url}\n`);
  if (!args.browser) return 0;
  const opened = await openInBrowser(url, { env: io.env, cwd: projectRoot, secretValues: [server.token] });
  await write(
    io.stderr,
    opened
      ? "Opened in your browser. The link works once; run parley open again for another.\n"
      : "Open this link in your browser (no browser to start here: set BROWSER). It works once.\n",
  );
  return 0;
}

async function mintLoginUrl(serverUrl: string, token: string): Promise<string> {
  const response = await fetch(new URL("/api/auth/login-url", serverUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${await response.text()}`);
  return LoginUrlSchema.parse(await response.json()).url;
}
