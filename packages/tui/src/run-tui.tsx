import { ChatStore, MissionClient, WorkflowClient } from "@parley/sdk";
import { render } from "ink";
import { App } from "./app.tsx";
import { KeyClaims, KeyClaimsContext } from "./input/key-claims.tsx";
import { FRAME_MS } from "./store/framed-store.ts";
import { ServicesProvider, type TuiServices } from "./store/services.tsx";
import { guardTerminal } from "./terminal/terminal-guard.ts";
import { ThemeContext, themeFor } from "./theme/theme.ts";

/** Where the terminal UI connects and what it runs in. */
export interface TuiOptions {
  /** The server's address and bearer token. */
  baseUrl: string;
  token: string;
  projectRoot: string;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: Readonly<Record<string, string | undefined>>;
  /** A session to open at once (`parley --session <id>`). */
  sessionId?: string | undefined;
  /** A one-time link that signs a browser in to the same server. */
  browserLink?: () => string | undefined;
}

/**
 * Runs the terminal chat until the person leaves; resolves with the exit status. It renders the sdk's chat
 * store (the same event stream, reducer and interactions as the web UI) with Ink, and leaves the terminal
 * as it found it whatever happens.
 */
export async function runTui(options: TuiOptions): Promise<number> {
  const warnings: string[] = [];
  const store = new ChatStore({
    baseUrl: options.baseUrl,
    token: options.token,
    // Warnings would scribble over the screen; they are kept for the exit report instead.
    onWarning: (message) => {
      if (warnings.length < 50) warnings.push(message);
    },
  });
  const services: TuiServices = {
    store,
    workflows: new WorkflowClient({ baseUrl: options.baseUrl, token: options.token }),
    missions: new MissionClient({ baseUrl: options.baseUrl, token: options.token }),
    projectRoot: options.projectRoot,
    ...(options.browserLink !== undefined && { browserLink: options.browserLink }),
  };
  const restore = guardTerminal(options);
  const instance = render(
    <ThemeContext.Provider value={themeFor(options.env)}>
      <KeyClaimsContext.Provider value={new KeyClaims()}>
        <ServicesProvider services={services} frameMs={FRAME_MS}>
          <App />
        </ServicesProvider>
      </KeyClaimsContext.Provider>
    </ThemeContext.Provider>,
    {
      stdin: options.stdin,
      stdout: options.stdout,
      stderr: options.stderr,
      exitOnCtrlC: false,
    },
  );
  try {
    await store.start();
    if (options.sessionId !== undefined) await store.openSession(options.sessionId);
    await instance.waitUntilExit();
    return 0;
  } finally {
    store.stop();
    instance.unmount();
    restore();
  }
}
