// @vitest-environment node
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

const parleyBin = fileURLToPath(new URL("../../cli/bin/parley.js", import.meta.url));

interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `parley` program in the served project, finding the server through PARLEY_HOME as a person's shell would. */
function parley(args: string[], env: Record<string, string>, cwd: string): Promise<CommandRun> {
  return new Promise((resolve) => {
    const options = { cwd, env: { PATH: process.env.PATH ?? "", HOME: cwd, ...env } };
    execFile(process.execPath, [parleyBin, ...args], options, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

describe("getting into the web UI", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "parley-sign-in-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const home = () => suite.server.server.context.home;
  const project = () => suite.server.projectDirectory;

  it("a reused sign-in link says it was used and names parley login, whose link signs the browser in", async () => {
    const { server } = suite;
    const loginUrl = server.loginUrl();
    await ChatPage.signIn(await suite.newContext(), loginUrl);

    const page = await (await suite.newContext()).newPage();
    const reused = await page.goto(loginUrl);
    expect(reused?.status()).toBe(401);
    expect(await page.getByTestId("sign-in-failure").textContent()).toContain("already used");
    expect(await page.getByTestId("sign-in-command").textContent()).toBe("parley open");

    const login = await parley(["login"], { PARLEY_HOME: home() }, project());
    expect(login.stderr).toBe("");
    expect(login.code).toBe(0);
    const fresh = login.stdout.trim();
    expect(fresh.startsWith(`${server.url}/auth/login?code=`)).toBe(true);
    await page.goto(fresh);
    await new ChatPage(page).waitForConnection("connected");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("a made-up link says it is not one the server gave out", async () => {
    const page = await (await suite.newContext()).newPage();
    const answer = await page.goto(`${suite.server.url}/auth/login?code=made-up`);
    expect(answer?.status()).toBe(401);
    expect(await page.getByTestId("sign-in-failure").textContent()).toContain("not one this server gave out");
  });

  it("the signed-out page names parley open, which starts the browser on a link that signs it in", async () => {
    const page = await (await suite.newContext()).newPage();
    await page.goto(suite.server.url);
    await page.getByTestId("signed-out").waitFor();
    expect(await page.getByTestId("signed-out-command").textContent()).toBe("parley open");

    // $BROWSER is the person's browser; this one writes down the link it was started with.
    const opened = join(scratch, "opened.txt");
    const browser = join(scratch, "browser.sh");
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(browser, 0o755);
    const open = await parley(["open"], { PARLEY_HOME: home(), BROWSER: browser }, project());
    expect(open.code).toBe(0);
    expect(open.stderr).toContain("Opened in your browser");
    const link = open.stdout.trim();
    await expect
      .poll(() => (existsSync(opened) ? readFileSync(opened, "utf8") : ""), { timeout: 10_000 })
      .toBe(link);
    await page.goto(link);
    await new ChatPage(page).waitForConnection("connected");
  });

  it("parley open without a running server for the project says how to start one", async () => {
    const elsewhere = mkdtempSync(join(scratch, "other-project-"));
    const open = await parley(["open", "--no-browser"], { PARLEY_HOME: home() }, elsewhere);
    expect(open.code).toBe(1);
    expect(open.stdout).toBe("");
    expect(open.stderr).toContain("no Parley server is serving");
    expect(open.stderr).toContain("parley serve");
  });
});
