import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { launchChromium } from "./chromium.ts";
import { type E2eServer, type E2eServerOptions, startE2eServer } from "./e2e-server.ts";

/** What every test of a browser test file shares: one server, one Chromium, a fresh browser profile per test. */
export interface BrowserSuite {
  readonly server: E2eServer;
  readonly browser: Browser;
  /** A new incognito-like profile (no cookies, no storage), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Registers the file's hooks: starts the server and Chromium once (the expensive parts), forgets the fake
 * model's scripts before each test, and closes the test's browser contexts after it.
 */
export function useBrowserSuite(options: E2eServerOptions = {}): BrowserSuite {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startE2eServer(options);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(() => server?.fake.reset());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return {
    get server() {
      if (server === undefined) throw new Error("the browser suite's server is not running");
      return server;
    },
    get browser() {
      if (browser === undefined) throw new Error("the browser suite's Chromium is not running");
      return browser;
    },
    async newContext(options) {
      if (browser === undefined) throw new Error("the browser suite's Chromium is not running");
      const context = await browser.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}
