import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, which the browser tests drive; `PARLEY_CHROMIUM` points them at another build. */
export const CHROMIUM_PATH = process.env.PARLEY_CHROMIUM ?? "/usr/bin/chromium";

/**
 * Flags that keep Chromium off the network on its own account (update checks, sync, field trials, QUIC
 * probes): this machine has no network beyond loopback, and every refused background call is noise.
 * Playwright adds `--headless` and a fresh, empty `--user-data-dir` per launch.
 */
const QUIET_FLAGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Starts headless Chromium through playwright-core. A missing browser fails the calling test with the
 * command that installs it: a browser suite that skips itself would be a test that cannot fail.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser tests drive Debian's Chromium: install it with ` +
        "`apt-get update && apt-get install -y chromium` (.ci/run does this when it is missing), or set " +
        "PARLEY_CHROMIUM to the path of a Chromium binary.",
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Root in a container has no user namespaces for Chromium's sandbox.
    chromiumSandbox: false,
    args: QUIET_FLAGS,
  });
}
