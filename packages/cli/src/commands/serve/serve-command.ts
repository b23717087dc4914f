import { existsSync, statSync } from "node:fs";
import { describeModel, loadSettings, parleyHome, resolveModelConfig } from "@parley/engine/settings";
import { describeIdlePrompts, listenParleyServer } from "@parley/server";
import { write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { parseServeArgs, SERVE_HELP } from "./parse-serve-args.ts";
import { ensureWebUi } from "./web-ui.ts";

/** `parley serve`: runs the server until Ctrl-C or SIGTERM, then shuts down cleanly. */
export const serveCommand: Command = {
  async run(argv, io) {
    const args = parseServeArgs(argv, io.env, io.cwd);
    if (args.help) {
      await write(io.stdout, SERVE_HELP);
      return 0;
    }
    if (!existsSync(args.projectRoot) || !statSync(args.projectRoot).isDirectory()) {
      throw new UsageError(`--project ${JSON.stringify(args.projectRoot)} is not a directory`);
    }
    const home = parleyHome(io.env);
    const webRoot = ensureWebUi((line) => io.stderr.write(`${line}\n`));
    let server: Awaited<ReturnType<typeof listenParleyServer>>;
    try {
      // Resolves once it listens: the banner goes out before the agents load (requests wait for them).
      server = await listenParleyServer({
        projectRoot: args.projectRoot,
        home,
        // The server reads the default backend from PARLEY_BACKEND, which --backend overrides.
        env: args.backend === undefined ? io.env : { ...io.env, PARLEY_BACKEND: args.backend },
        host: args.host,
        ...(args.port !== undefined && { port: args.port }),
        ...(io.env.PARLEY_TOKEN && { token: io.env.PARLEY_TOKEN }),
        allowedHosts: args.allowedHosts,
        ...(webRoot !== undefined && { webRoot }),
      });
    } catch (error) {
      await write(io.stderr, `parley: ${(error as Error).message}\n`);
      return 1;
    }
    const model = describeModel(resolveModelConfig({ env: io.env, settings: await loadSettings(home) }));
    await write(
      io.stdout,
      [
        `Parley is serving ${args.projectRoot}`,
        `  Open:  ${server.loginUrl()}`,
        "         (signs one browser in, once; for another, run parley open in the project folder)",
        `  API:   ${server.url}/api (bearer token in ${server.tokenFile})`,
        `  Model: ${model.label}${model.isDemo ? " — set ANTHROPIC_API_KEY, OPENAI_API_KEY or PARLEY_MODEL, or use Settings" : ""}`,
        `  Idle prompts: ${describeIdlePrompts(server.idlePrompts())}`,
        ...(args.backend !== undefined && args.backend !== "parley"
          ? [`  Backend: ${args.backend} answers new sessions (choose another per session)`]
          : []),
        "Press Ctrl-C to stop.",
        "",
      ].join("\n"),
    );
    const stopped = new Promise<void>((resolve) => {
      const stopInterrupt = io.onInterrupt(resolve);
      process.once("SIGTERM", () => {
        stopInterrupt();
        resolve();
      });
    });
    try {
      // Runs a crash left going are recorded now, MCP servers start…; else the first request starts the agents.
      if (server.agentsAtStart) await Promise.race([server.agentsStarted(), stopped]);
    } catch (error) {
      await write(io.stderr, `parley: ${(error as Error).message}\n`);
      await server.close();
      return 1;
    }
    await stopped;
    await write(io.stdout, "Stopping Parley…\n");
    await server.close();
    return 0;
  },
};
